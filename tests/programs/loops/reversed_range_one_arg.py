# args: [4]
# expect: 3210
# args: [0]
# expect: 0
def f(n: int) -> int:
    r = 0
    for i in reversed(range(n)):
        r = r * 10 + i
    return r
