# args: [7]
# expect: "7.00 700.0% 7.000000"
def f(n: int) -> str:
    return f"{n:.2f} {n:.1%} " + format(n, 'f')
