# x += k, x -= k and x += y update the local in place (one fused
# instruction); past 64 bits they raise OverflowError and leave the loop.
# overflow: intermediate
# args: [9223372036854775800]
# raises: OverflowError
# args: [-9223372036854775800]
# raises: OverflowError
# args: [5]
# expect: 45
def f(n: int) -> int:
    total = 0
    x = n
    for i in range(10):
        x += 1
        total += i
        x -= 1
    if n > 0:
        for i in range(10):
            x += 1
    else:
        for i in range(10):
            x -= 1
    return total - 15 + x - n + 5 if n < 100 else total
