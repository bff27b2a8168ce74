# args: [3]
# expect: True
# args: [-3]
# raises: TypeError
from typing import Optional


def f(n: int) -> bool:
    x = pos(n)
    return x < 5


def pos(n: int) -> Optional[int]:
    if n > 0:
        return n
    return None
