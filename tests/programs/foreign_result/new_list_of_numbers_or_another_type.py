# An entry of result list[int | float] that returns a list of strs on some
# path: a new list of ints is made a list of int | float first.
# args: [["x"], 5]
# expect: [5]
# args: [["x"], -3]
# expect: [-3]
# signature: def f(a: list[str], b: int) -> list[int | float]
def f(a: list[str], b: int) -> list[int | float]:
    if b > 100:
        return a
    return [b]
