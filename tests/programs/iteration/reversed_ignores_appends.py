# reversed() starts from the length the list had when it began.
# args: [[1, 2, 3]]
# expect: [1, 2, 3, 3, 2, 1]
def f(xs: list[int]) -> list[int]:
    for x in reversed(xs):
        xs.append(x)
    return xs
