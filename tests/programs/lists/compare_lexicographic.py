# Lists compare item by item; a proper prefix is smaller.
# args: [[1, 2], [1, 2, 3]]
# expect: [True, True, False, False]
# args: [[2], [1, 5]]
# expect: [False, False, True, True]
# args: [[], []]
# expect: [False, True, False, True]
# args: [[1, 2], [1, 2]]
# expect: [False, True, False, True]
def f(a: list[int], b: list[int]) -> list[bool]:
    return [a < b, a <= b, a > b, a >= b]
