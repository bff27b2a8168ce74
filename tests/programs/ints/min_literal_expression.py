# -9223372036854775807 - 1 is INT64_MIN without an intermediate overflow.
# args: []
# expect: -9223372036854775808
def f() -> int:
    return -9223372036854775807 - 1
