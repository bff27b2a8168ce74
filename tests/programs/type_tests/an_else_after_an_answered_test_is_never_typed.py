# args: [[3, 1, 2]]
# expect: [1, 2, 3]
def f(xs: list[int]) -> list[int]:
    if isinstance(xs, list):
        return sorted(xs)
    elif isinstance(xs, str):
        return xs.split()
    else:
        return xs.keys()
