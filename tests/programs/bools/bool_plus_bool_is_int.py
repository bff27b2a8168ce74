# args: [True, True]
# expect: 2
# args: [True, False]
# expect: 1
# args: [False, False]
# expect: 0
def f(a: bool, b: bool) -> int:
    return a + b
