# args: [5]
# expect: -6
# args: [-1]
# expect: 0
# args: [-9223372036854775808]
# expect: 9223372036854775807
def f(a: int) -> int:
    return ~a
