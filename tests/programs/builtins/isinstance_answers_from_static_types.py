# Types are static: isinstance's answer is the value's type's, for the
# builtin classes, and an Optional is tested against None.
# args: [3, 'a', [1, 2], 2.5]
# expect: [True, True, False, True, True, False, True]
# args: [0, '', [], -1.0]
# expect: [True, True, False, True, True, False, False]
from typing import Optional


def f(n: int, s: str, xs: list[int], x: float) -> list[bool]:
    o: Optional[int] = None
    if n > 0:
        o = n
    return [isinstance(n, int), isinstance(s, str), isinstance(xs, (tuple, str)), isinstance(x, (int, float)),
            isinstance(xs[0] if xs else n, int), isinstance(s, dict), isinstance(o, int)]
