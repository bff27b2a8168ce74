# args: [[1, 2, 3], 2]
# expect: (True, False)
# args: [[1, 2, 3], 4]
# expect: (False, True)
# args: [[], 0]
# expect: (False, True)
def f(xs: list[int], x: int) -> tuple[bool, bool]:
    return x in xs, x not in xs
