# Every ordering with nan is False; != is True.
# args: [nan]
# expect: 10001
# args: [1.0]
# expect: 11110
def f(x: float) -> int:
    r = 0
    if x < 1.0 or x >= 1.0:
        r += 10
    if x == x:
        r += 100
    if x <= x:
        r += 1000
    if not x > 2.0:
        r += 10000
    if x != x:
        r += 1
    if nan_like(x) == x:
        r += 100000
    return r


def nan_like(x: float) -> float:
    return x * 0.0 + 2.0
