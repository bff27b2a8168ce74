# args: [7, 2]
# expect: (3, 1)
# args: [-7, 2]
# expect: (-4, 1)
# args: [7, -2]
# expect: (-4, -1)
# args: [-7, -2]
# expect: (3, -1)
def f(a: int, b: int) -> tuple[int, int]:
    return divmod(a, b)
