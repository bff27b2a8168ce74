# args: [0]
# expect: []
# args: [2]
# expect: [2, 2]
def f(n: int) -> list[int]:
    if n == 0:
        return []
    return [n] * n
