# args: [5]
# expect: 6
# args: [-4]
# expect: 0
from typing import Optional


def f(n: int) -> int:
    r = half_if_even(n + 5)
    if r is not None:
        return r + 1
    return 0


def half_if_even(n: int) -> Optional[int]:
    if n % 2 == 0:
        return n // 2
    return None
