# A helper the program never defines: the call raises NameError where it
# runs, and a path that does not reach it returns as usual.
# args: [3]
# raises: NameError
# args: [0]
# expect: 0
def f(x: int) -> int:
    if x == 0:
        return 0
    return helper(x)
