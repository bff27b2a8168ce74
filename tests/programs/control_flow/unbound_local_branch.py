# A local assigned only in the untaken branch is unbound when read.
# args: [1]
# expect: 10
# args: [0]
# raises: UnboundLocalError
def f(x: int) -> int:
    if x > 0:
        y = 10
    return y
