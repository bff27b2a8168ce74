# args: [1, 2]
# expect: True
# args: [2, 2]
# expect: False
def f(a: int, b: int) -> bool:
    return a < b
