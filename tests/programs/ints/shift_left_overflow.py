# args: [1, 62]
# expect: 4611686018427387904
# args: [1, 63]
# raises: OverflowError
# args: [-1, 63]
# expect: -9223372036854775808
# args: [0, 100]
# expect: 0
# args: [3, 62]
# raises: OverflowError
# args: [1, -1]
# raises: ValueError
def f(a: int, b: int) -> int:
    return a << b
