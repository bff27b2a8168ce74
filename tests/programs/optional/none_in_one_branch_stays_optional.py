# args: [3]
# expect: 4
# args: [-3]
# expect: 0
from typing import Optional


def f(n: int) -> int:
    x: Optional[int] = None
    if n > 0:
        x = n
    else:
        x = None
    return 0 if x is None else x + 1
