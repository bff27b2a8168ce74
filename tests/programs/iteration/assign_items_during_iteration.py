# Changing a later item is seen when the loop gets there; rebinding the
# loop variable changes nothing in the list.
# args: [[1, 2, 3]]
# expect: (27, [1, 20, 3])
def f(xs: list[int]) -> tuple[int, list[int]]:
    total = 0
    for i, x in enumerate(xs):
        if i + 1 < len(xs):
            xs[i + 1] *= 10 if i == 0 else 1
        x += 1
        total += x
    return total, xs
