# Tuples compare item by item, the first difference deciding.
# args: [(1, 2), (1, 3)]
# expect: [True, True, False, False, False]
# args: [(2, 0), (1, 9)]
# expect: [False, False, True, True, False]
# args: [(1, 2), (1, 2)]
# expect: [False, True, False, True, True]
def f(a: tuple[int, int], b: tuple[int, int]) -> list[bool]:
    return [a < b, a <= b, a > b, a >= b, a == b]
