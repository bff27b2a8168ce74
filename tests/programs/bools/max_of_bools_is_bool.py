# args: [False, True]
# expect: True
# args: [False, False]
# expect: False
def f(a: bool, b: bool) -> bool:
    return max(a, b)
