# args: [True, False, False]
# expect: True
# args: [False, True, False]
# expect: False
# args: [False, True, True]
# expect: True
def f(a: bool, b: bool, c: bool) -> bool:
    return a or b and c
