def mean_of_evens(xs: list[int]) -> int:
    total = 0
    for x in xs
        total += x
    return total
