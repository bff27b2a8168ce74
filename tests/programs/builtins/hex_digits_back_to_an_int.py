# args: [48879]
# expect: 48879
# args: [-4096]
# expect: -4096
def f(n: int) -> int:
    return int(hex(n), 16) + int(oct(n), 0) - int(oct(n), 8)
