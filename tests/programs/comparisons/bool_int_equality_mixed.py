# args: [True, 1]
# expect: True
# args: [False, 0]
# expect: True
# args: [True, 2]
# expect: False
def f(b: bool, n: int) -> bool:
    return b == n
