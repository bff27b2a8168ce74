# args: [[1, -2, 3, -4]]
# expect: 4
def positive_sum(xs: list[int]) -> int:
    kept = filter(lambda x: x > 0, xs)
    total = sum(kept)
    return total
