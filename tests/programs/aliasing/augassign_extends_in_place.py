# xs += ys changes the list itself, so an alias sees it.
# args: [[1], [2, 3]]
# expect: ([1, 2, 3], [1, 2, 3])
def f(a: list[int], c: list[int]) -> tuple[list[int], list[int]]:
    b = a
    a += c
    return a, b
