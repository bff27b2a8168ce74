# args: [10, 0, -4]
# expect: '2,6,10,'
def f(a: int, b: int, c: int) -> str:
    s = ''
    for i in reversed(range(a, b, c)):
        s += str(i) + ','
    return s
