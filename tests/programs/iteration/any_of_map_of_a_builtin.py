# args: [[0, 0, 3]]
# expect: (True, False)
# args: [[]]
# expect: (False, True)
def f(xs: list[int]) -> tuple[bool, bool]:
    return any(map(abs, xs)), all(map(bool, xs))
