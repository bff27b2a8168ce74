# args: [[1]]
# expect: ([1, 2, 3], [1, 2, 3])
def f(a: list[int]) -> tuple[list[int], list[int]]:
    b = a
    b.append(2)
    a.append(3)
    return a, b
