# args: [[0, 0]]
# expect: (False, False)
# args: [[0, 2]]
# expect: (True, False)
# args: [[1, 2]]
# expect: (True, True)
# args: [[]]
# expect: (False, True)
def f(xs: list[int]) -> tuple[bool, bool]:
    return any(xs), all(xs)
