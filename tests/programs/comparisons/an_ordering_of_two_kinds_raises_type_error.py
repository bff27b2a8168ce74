# args: [1, 'b']
# raises: TypeError
def f(n: int, s: str) -> bool:
    return n < s
