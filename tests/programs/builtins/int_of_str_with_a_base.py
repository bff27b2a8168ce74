# int(s, base): digits of either case below the base, the base's own prefix
# allowed; base 0 reads the base from the prefix.
# args: ['ff', 16]
# expect: 255
# args: [' -0X1f ', 16]
# expect: -31
# args: ['0b1010', 0]
# expect: 10
# args: ['0o17', 0]
# expect: 15
# args: ['1010', 2]
# expect: 10
# args: ['zz', 36]
# expect: 1295
# args: ['0b101', 16]
# expect: 45313
# args: ['0_0', 0]
# expect: 0
# args: ['1_000', 0]
# expect: 1000
# args: ['7fffffffffffffff', 16]
# expect: 9223372036854775807
def f(s: str, base: int) -> int:
    return int(s, base)
