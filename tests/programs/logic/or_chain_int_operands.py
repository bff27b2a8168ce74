# args: [0, 0, 0]
# expect: 0
# args: [0, 0, 4]
# expect: 4
# args: [0, 2, 4]
# expect: 2
def f(a: int, b: int, c: int) -> int:
    return a or b or c
