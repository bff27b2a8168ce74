# args: [' \t\n\r\x0b\x0c']
# expect: True
# args: ['\x1c\x1d\x1e\x1f']
# expect: True
# args: ['']
# expect: False
# args: [' a ']
# expect: False
def f(s: str) -> bool:
    return s.isspace()
