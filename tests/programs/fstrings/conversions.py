# args: [5, 0.25]
# expect: '5 0.25 5 0.25'
def f(n: int, x: float) -> str:
    return f"{n!r} {x!r} {n!s} {x!a}"
