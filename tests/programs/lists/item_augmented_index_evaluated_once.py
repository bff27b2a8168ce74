# xs[g(i)] += v calls g once.
# args: [[5, 6, 7]]
# expect: [5, 16, 7, 1]
def f(xs: list[int]) -> list[int]:
    calls = [0]
    xs[g(calls)] += 10
    return xs + calls


def g(calls: list[int]) -> int:
    calls[0] += 1
    return 1
