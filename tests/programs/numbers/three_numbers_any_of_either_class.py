# Parameters of either class: arithmetic and == between them as CPython's.
# args: [2, 3, 1]
# expect: True
# args: [2.5, 2, 3]
# expect: False
# args: [1.5, 5, 3.5]
# expect: False
# args: [4.0, 2, 2]
# expect: False
def f(x: int | float, y: int | float, z: int | float) -> bool:
    if not (isinstance(x, int) and isinstance(y, int) and isinstance(z, int)):
        return False
    return x + y == z or x + z == y or y + z == x
