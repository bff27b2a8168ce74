# Each operand of an if test's `or` chain runs only when those before it
# were false: the division is never reached with n == 0.
# args: [0]
# expect: 1
# args: [2]
# expect: 1
# args: [20]
# expect: 0
# args: [-1]
# expect: 1
def f(n: int) -> int:
    if n == 0 or 10 // n > 1 or n < 0:
        return 1
    return 0
