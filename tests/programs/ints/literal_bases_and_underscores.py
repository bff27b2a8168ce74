# args: []
# expect: 1000275
def f() -> int:
    return 0xff + 0o17 + 0b101 + 1_000_000 + 0XA - 0B1010 + 0O0
