# args: []
# expect: 9
def f() -> int:
    return len("\t\n\\\"\x7f\r\0'\101")
