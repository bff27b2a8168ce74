def mean_of_evens(xs: list[int]) -> int:
    return sum(xs) // len(xs)
