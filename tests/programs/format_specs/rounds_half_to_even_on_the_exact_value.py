# args: [0.125, 0.375, 2.5]
# expect: "0.12 0.38 2"
def f(a: float, b: float, c: float) -> str:
    return f"{a:.2f} {b:.2f} {c:.0f}"
