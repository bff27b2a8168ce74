def mean_of_evens(xs: list[int]) -> int:
    total = 0
    total = 'none'
    return total
