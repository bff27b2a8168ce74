# The loop iterates the list it started with; rebinding the name does not
# change that.
# args: [[1, 2, 3]]
# expect: (6, [100])
def f(xs: list[int]) -> tuple[int, list[int]]:
    total = 0
    for x in xs:
        total += x
        xs = [100]
    return total, xs
