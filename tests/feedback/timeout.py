def mean_of_evens(xs: list[int]) -> int:
    i = 0
    while i < len(xs):
        pass
    return 0
