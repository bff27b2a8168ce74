def pairs_with_sum(xs: list[int], target: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(xs)) for j in range(i + 1, len(xs)) if xs[i] + xs[j] == target]
