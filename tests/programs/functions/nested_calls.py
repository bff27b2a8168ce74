# args: [2, 3]
# expect: 26
def f(a: int, b: int) -> int:
    return add(mul(a, b), mul(add(a, b), a)) + add(a, b) * 2


def add(x: int, y: int) -> int:
    return x + y


def mul(x: int, y: int) -> int:
    return x * y
