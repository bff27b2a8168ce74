import math


def hypotenuse(a: float, b: float) -> float:
    """Length of the hypotenuse for legs a and b."""
    return math.sqrt(a ** 2 + b ** 2)
