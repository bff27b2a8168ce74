# round(x, n) of an int is an int: x for n >= 0, else the nearest multiple
# of 10**-n, ties to the even multiple.
# args: [1234, 2]
# expect: 1234
# args: [1250, -2]
# expect: 1200
# args: [1350, -2]
# expect: 1400
# args: [-15, -1]
# expect: -20
# args: [-25, -1]
# expect: -20
# args: [9223372036854775807, -25]
# expect: 0
# args: [9223372036854775807, -1]
# raises: OverflowError
def f(x: int, n: int) -> int:
    return round(x, n)
