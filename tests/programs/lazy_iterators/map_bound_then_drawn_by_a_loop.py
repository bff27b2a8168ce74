# The loop draws the map one item at a time: the function never meets the
# items after the break (10 // 0 would raise).
# args: [[5, 2, 1, 0]]
# expect: 7
# args: [[5, 0]]
# raises: ZeroDivisionError
def total(xs: list[int]) -> int:
    acc = 0
    quotients = map(lambda x: 10 // x, xs)
    for q in quotients:
        if q >= 10:
            break
        acc += q
    return acc
