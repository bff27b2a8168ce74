# isinstance() and type() of an int | float ask the value's class.
# args: [[1, 2.0, 3, -4, 5.5]]
# expect: [1, 3, 4]
# args: [[0.5]]
# expect: []
def f(xs: list[int | float]) -> list[int | float]:
    out: list[int | float] = []
    for x in xs:
        if isinstance(x, int) and type(x) == int and not isinstance(x, float) and x > 0:
            out.append(x)
        elif isinstance(x, (int, float)) and type(x) is not float:
            out.append(-x)
    return out
