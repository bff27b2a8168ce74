# args: [1, 1]
# expect: 1
# args: [1, -1]
# expect: 4
# args: [-1, -1]
# expect: 3
# args: [-1, 1]
# expect: 2
# args: [0, 5]
# expect: 0
def f(x: int, y: int) -> int:
    if x == 0 or y == 0:
        return 0
    if x > 0:
        if y > 0:
            return 1
        else:
            return 4
    else:
        if y > 0:
            return 2
        return 3
