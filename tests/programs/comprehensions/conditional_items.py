# args: [[1, -2, 0, 3]]
# expect: ['pos', 'neg', 'zero', 'pos']
def f(xs: list[int]) -> list[str]:
    return ['pos' if x > 0 else 'neg' if x < 0 else 'zero' for x in xs]
