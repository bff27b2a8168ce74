# args: [2, 62]
# expect: 4611686018427387904
# args: [2, 63]
# raises: OverflowError
# args: [-2, 63]
# expect: -9223372036854775808
# args: [3, 40]
# raises: OverflowError
# args: [0, 0]
# expect: 1
# args: [-1, 9223372036854775807]
# expect: -1
# args: [10, 18]
# expect: 1000000000000000000
# args: [10, 19]
# raises: OverflowError
# args: [7, 1]
# expect: 7
def f(a: int, b: int) -> int:
    return a ** b
