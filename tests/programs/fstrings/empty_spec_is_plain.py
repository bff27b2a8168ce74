# args: [12]
# expect: '12'
def f(n: int) -> str:
    return f"{n:}"
