# Floor division rounds toward negative infinity, not toward zero.
# args: [7, -2]
# expect: -4
# args: [-7, 2]
# expect: -4
# args: [-7, -2]
# expect: 3
# args: [7, 2]
# expect: 3
# args: [0, -5]
# expect: 0
# args: [-1, 3]
# expect: -1
# args: [1, 0]
# raises: ZeroDivisionError
def f(a: int, b: int) -> int:
    return a // b
