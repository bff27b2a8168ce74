# args: [3, 'hi', 1.5, True]
# expect: 'n=3 s=hi x=1.5 b=True'
# args: [-10, '', 1e16, False]
# expect: 'n=-10 s= x=1e+16 b=False'
def f(n: int, s: str, x: float, b: bool) -> str:
    return f"n={n} s={s} x={x} b={b}"
