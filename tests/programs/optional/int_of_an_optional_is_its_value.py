# int(), float() and round() of an Optional holding a value give the value
# itself; of None, CPython raises TypeError.
# args: [5, 2.5, True]
# expect: (5, 2.5, 3, 1)
# args: [None, 2.5, True]
# raises: TypeError
# args: [5, None, False]
# raises: TypeError
from typing import Optional


def f(o: Optional[int], p: Optional[float], q: Optional[bool]) -> tuple[int, float, int, int]:
    return int(o), float(p), round(o if o is None else o - 2), int(q)
