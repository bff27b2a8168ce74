# args: [48, 18]
# expect: 6
# args: [17, 5]
# expect: 1
# args: [0, 9]
# expect: 9
def f(a: int, b: int) -> int:
    if b == 0:
        return a
    return f(b, a % b)
