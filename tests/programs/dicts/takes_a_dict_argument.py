# args: [{'x': [1, 2], 'y': [3]}]
# expect: (['x', 'y'], 6)
def f(d: dict[str, list[int]]) -> tuple[list[str], int]:
    return list(d), sum(sum(v) for v in d.values())
