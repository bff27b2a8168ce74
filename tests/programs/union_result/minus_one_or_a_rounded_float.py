# args: [3, 4, 5]
# expect: 6.0
# args: [1, 2, 10]
# expect: -1
# args: [2, 2, 3]
# expect: 1.98
def f(a: int, b: int, c: int) -> float | int:
    if a + b <= c or a + c <= b or b + c <= a:
        return -1
    s = (a + b + c) / 2
    return round((s * (s - a) * (s - b) * (s - c)) ** 0.5, 2)
