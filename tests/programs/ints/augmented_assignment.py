# args: [-7]
# expect: -8
# args: [10]
# expect: 6
def f(a: int) -> int:
    x = a
    x += 3
    x *= 5
    x -= 1
    x //= 4
    x %= 7
    x **= 2
    x -= 2 * x
    x += a
    return x
