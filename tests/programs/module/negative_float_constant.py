# A module constant that is a negative float literal keeps its value.
# args: [2]
# expect: (-3.0, -0.0, -4)
SCALE = -1.5
ZERO = -0.0
STEP = -2


def f(n: int) -> tuple[float, float, int]:
    return (SCALE * n, ZERO, STEP * n)
