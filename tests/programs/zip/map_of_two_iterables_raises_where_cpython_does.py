# An error in map's function stops the run at that pair.
# args: [[4, 5, 6], [2, 0, 1]]
# raises: ZeroDivisionError
def f(a: list[int], b: list[int]) -> tuple[int, ...]:
    return tuple(map(lambda x, y: x // y, a, b))
