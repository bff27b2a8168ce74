# int() strips ' \t\n\r\x0b\x0c' but, unlike str.strip(), not \x1c-\x1f.
# args: ['\x0b5\x0c']
# expect: 5
# args: ['\r\n-3 ']
# expect: -3
# args: ['\x1c5']
# raises: ValueError
# args: ['5\x1f']
# raises: ValueError
# args: ['   ']
# raises: ValueError
def f(s: str) -> int:
    return int(s)
