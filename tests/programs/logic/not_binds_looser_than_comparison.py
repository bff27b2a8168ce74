# args: [1, 1]
# expect: False
# args: [1, 2]
# expect: True
def f(a: int, b: int) -> bool:
    return not a == b
