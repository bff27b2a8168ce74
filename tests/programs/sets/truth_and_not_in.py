# args: [[1, 2], 3]
# expect: (True, True, False)
# args: [[], 1]
# expect: (False, True, True)
def f(xs: list[int], x: int) -> tuple[bool, bool, bool]:
    s = set(xs)
    return bool(s) or not s and False, x not in s, not s
