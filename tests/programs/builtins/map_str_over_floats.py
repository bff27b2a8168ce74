# args: [[1.0, 0.5, 1e-07, -3.25]]
# expect: '-3.25,0.5,1.0,1e-07'
def f(xs: list[float]) -> str:
    return ",".join(map(str, sorted(xs, key=str)))
