import math


def hypotenuse(a: float, b: float) -> float:
    """Length of the hypotenuse for legs a and b."""
    # a * a, not a ** 2: CPython computes ** with the C library's pow, which
    # differs from a * a in the last bit for some inputs, so the DSL has no
    # float ** (docs/language.md).
    return math.sqrt(a * a + b * b)
