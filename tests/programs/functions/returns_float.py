# args: [3]
# expect: 1.5
def f(n: int) -> float:
    return half(n)


def half(n: int) -> float:
    return n / 2
