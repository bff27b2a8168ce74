# args: [-5]
# expect: -1
# args: [0]
# expect: 0
# args: [7]
# expect: 1
def f(n: int) -> int:
    if n < 0:
        return -1
    elif n == 0:
        return 0
    else:
        return 1
