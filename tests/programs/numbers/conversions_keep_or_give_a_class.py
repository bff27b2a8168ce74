# str, f-strings, int(), float(), round(), abs() and - of either class.
# args: [[3, -1.75, 2.5]]
# expect: ["3 3 3 3.0 3 3 -3", "-1.75 -1.75 -1 -1.75 -2 1.75 1.75", "2.5 2.5 2 2.5 2 2.5 -2.5"]
def f(xs: list[int | float]) -> list[str]:
    return [" ".join([str(x), f"{x}", str(int(x)), str(float(x)), str(round(x)), str(abs(x)), str(-x)]) for x in xs]
