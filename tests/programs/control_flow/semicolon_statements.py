# args: [2]
# expect: 5
def f(n: int) -> int:
    a = n; b = 3; a += b
    return a
