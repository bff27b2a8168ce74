# args: [1, 2]
# expect: 6
def f(a: int, b: int) -> int:
    x = a + \
        b
    y = (a +
         b)
    return x + y
