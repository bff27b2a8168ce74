# args: [-5]
# expect: 5
# args: [0]
# expect: 0
# args: [-9223372036854775807]
# expect: 9223372036854775807
# args: [-9223372036854775808]
# raises: OverflowError
def f(n: int) -> int:
    return abs(n)
