# args: [True]
# expect: 1
# args: [False]
# expect: 0
def f(b: bool) -> int:
    return int(b)
