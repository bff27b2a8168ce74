def mean_of_evens(xs: list[int]) -> int:
    return mean_of_evens(xs)
