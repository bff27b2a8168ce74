# args: [(1, 2), 2]
# raises: IndexError
# args: [(1, 2), -3]
# raises: IndexError
# args: [(1, 2), -2]
# expect: 1
def f(t: tuple[int, ...], i: int) -> int:
    return t[i]
