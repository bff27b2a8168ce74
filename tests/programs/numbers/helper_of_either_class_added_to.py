# A helper that returns an int or a float by path returns an int | float:
# its caller adds to it, each value its own class.
# entry: f
# args: [4]
# expect: 3
# args: [3]
# expect: 2.5
def half(n: int) -> int | float:
    if n % 2 == 0:
        return n // 2
    return n / 2
def f(n: int) -> float:
    return half(n) + 1
