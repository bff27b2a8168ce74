# args: [True, False]
# expect: False
# args: [True, True]
# expect: True
# args: [False, True]
# expect: True
def f(a: bool, b: bool) -> bool:
    return (a and b) or (not a and b)
