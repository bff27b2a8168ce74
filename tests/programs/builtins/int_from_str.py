# int(str) allows surrounding whitespace, a sign and single underscores between digits.
# args: ['  -0_7 ']
# expect: -7
# args: ['1__0']
# raises: ValueError
# args: ['']
# raises: ValueError
# args: [' 12 ']
# expect: 12
# args: ['+5']
# expect: 5
# args: ['0x10']
# raises: ValueError
# args: ['1_000']
# expect: 1000
# args: ['_1']
# raises: ValueError
# args: ['1_']
# raises: ValueError
# args: ['007']
# expect: 7
# args: ['-']
# raises: ValueError
# args: ['\t42\n']
# expect: 42
# args: ['4 2']
# raises: ValueError
# args: ['1.5']
# raises: ValueError
# args: ['- 1']
# raises: ValueError
# args: ['-9223372036854775808']
# expect: -9223372036854775808
# args: ['9223372036854775808']
# raises: OverflowError
# args: ['99999999999999999999999']
# raises: OverflowError
def f(s: str) -> int:
    return int(s)
