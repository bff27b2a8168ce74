# args: [0]
# expect: []
# args: [2]
# expect: ['x', 'x']
# args: [-1]
# expect: -1
def f(n: int) -> int | list[str]:
    if n < 0:
        return -1
    if n == 0:
        return []
    return ["x"] * n
