# An expression (not a lone local) with a constant operand on the right:
# + - * // % as CPython's, negative divisors and overflow included.
# args: [7, 3]
# expect: 3
# args: [-7, 2]
# expect: -77
# args: [100, -1]
# expect: -26
def f(a: int, b: int) -> int:
    r = (a + b) % 3 + (a - b) // 2 + (a * b) % -4 + (a + b) // -3
    r = r * 10 + (a * b - 1) * 2 + (b - a) % 7
    return r + len(str(a)) - 1
