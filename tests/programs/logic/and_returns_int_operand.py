# args: [0]
# expect: 0
# args: [2]
# expect: 7
def f(x: int) -> int:
    return x and 7
