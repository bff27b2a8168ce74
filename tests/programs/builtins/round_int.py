# args: [7]
# expect: 7
# args: [-9223372036854775808]
# expect: -9223372036854775808
def f(n: int) -> int:
    return round(n)
