# args: ['ab', 3]
# expect: 'ababab'
def f(s: str, n: int) -> str:
    s *= n
    return s
