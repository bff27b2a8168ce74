# args: ['ab', 2, 1.5, True]
# expect: 'abab!'
# args: ['ab', 2, 1.5, False]
# expect: 'abab'
def f(s: str, n: int, x: float, flag: bool) -> str:
    r = s * n
    if flag and x > 1.0:
        r += '!'
    return r
