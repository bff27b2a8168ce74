# args: [3037000499, 3037000499]
# expect: 9223372030926249001
# args: [3037000500, 3037000500]
# raises: OverflowError
# args: [-4611686018427387904, 2]
# expect: -9223372036854775808
# args: [4611686018427387904, 2]
# raises: OverflowError
# args: [-1, -9223372036854775808]
# raises: OverflowError
# args: [4294967296, 4294967296]
# raises: OverflowError
# args: [0, -9223372036854775808]
# expect: 0
def f(a: int, b: int) -> int:
    return a * b
