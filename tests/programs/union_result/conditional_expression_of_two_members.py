# args: [[1, 2, 3]]
# expect: 2
# args: [[1, 2, 3, 4]]
# expect: 2.5
# args: [[7]]
# expect: 7
def f(l: list[int]) -> int | float:
    n = len(l)
    return l[n // 2] if n % 2 else (l[n // 2 - 1] + l[n // 2]) / 2
