# args: [5]
# expect: -5
# args: [-9223372036854775807]
# expect: 9223372036854775807
# args: [-9223372036854775808]
# raises: OverflowError
def f(a: int) -> int:
    return -a
