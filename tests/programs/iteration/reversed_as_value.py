# args: [[1, 2, 3], 'abc']
# expect: ([3, 2, 1], 'cba', [1, 2, 3])
def f(xs: list[int], s: str) -> tuple[list[int], str, list[int]]:
    return list(reversed(xs)), ''.join(reversed(s)), xs
