# args: [5, True]
# expect: 6
def f(n: int, b: bool) -> int:
    return int(n) + int(b)
