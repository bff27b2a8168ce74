# args: [[[0.5, 0.25], [0.125]]]
# expect: [[0.125], [0.5, 0.25]]
def by_sum(m: list[list[float]]) -> list[list[float]]:
    return sorted(m, key=sum)
