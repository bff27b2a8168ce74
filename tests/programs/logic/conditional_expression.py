# args: [3, 7]
# expect: 7
# args: [9, 7]
# expect: 9
def f(a: int, b: int) -> int:
    return a if a > b else b
