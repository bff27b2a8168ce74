# args: [['a', 'b'], ['x', 'y', 'z']]
# expect: ['ax', 'by']
def f(a: list[str], b: list[str]) -> list[str]:
    return [p + q for p, q in zip(a, b)]
