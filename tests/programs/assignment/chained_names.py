# args: [3]
# expect: (6, 6, 'ab')
def f(n: int) -> tuple[int, int, str]:
    a = b = n * 2
    s = t = 'a'
    t = t + 'b'
    return a, b, s + t[1:]
