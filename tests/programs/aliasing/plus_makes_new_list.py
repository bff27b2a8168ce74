# xs = xs + ys builds a new list; an alias keeps the old one.
# args: [[1], [2, 3]]
# expect: ([1, 2, 3], [1])
def f(a: list[int], c: list[int]) -> tuple[list[int], list[int]]:
    b = a
    a = a + c
    return a, b
