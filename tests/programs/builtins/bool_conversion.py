# args: [0, '', 0.0]
# expect: 'FFF'
# args: [-1, '0', -0.0]
# expect: 'TTF'
# args: [2, ' ', nan]
# expect: 'TTT'
def f(n: int, s: str, x: float) -> str:
    r = 'T' if bool(n) else 'F'
    r += 'T' if bool(s) else 'F'
    return r + ('T' if bool(x) else 'F')
