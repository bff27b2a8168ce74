# args: [-12]
# expect: '-12'
# args: [0]
# expect: '0'
# args: [-9223372036854775808]
# expect: '-9223372036854775808'
# args: [9223372036854775807]
# expect: '9223372036854775807'
def f(n: int) -> str:
    return str(n)
