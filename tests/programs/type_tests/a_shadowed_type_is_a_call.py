# entry: f
# args: [4]
# expect: True
def type(n: int) -> int:
    return n * 2


def f(n: int) -> bool:
    return type(n) == 8
