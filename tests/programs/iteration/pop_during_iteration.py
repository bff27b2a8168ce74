# args: [[1, 2, 3, 4, 5]]
# expect: ([1, 2, 3], [1, 2])
def f(xs: list[int]) -> tuple[list[int], list[int]]:
    seen: list[int] = []
    for x in xs:
        seen.append(x)
        xs.pop()
    return seen, xs
