# args: [3]
# expect: 10
def f(n: int) -> int:
    return square(n) + 1


def square(x: int) -> int:
    return x * x
