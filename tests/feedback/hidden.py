def mean_of_evens(xs: list[int]) -> int:
    evens = [x for x in xs if x % 2 == 0]
    return sum(evens) // len(evens)
