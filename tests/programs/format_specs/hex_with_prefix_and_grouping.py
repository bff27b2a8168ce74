# args: [255]
# expect: "0x000000ff 0XFF 1111_1111 255"
# args: [1234567]
# expect: "0x0012d687 0X12D687 1_0010_1101_0110_1000_0111 1,234,567"
def f(n: int) -> str:
    return f"{n:#010x} {n:#X} {n:_b} {n:,}"
