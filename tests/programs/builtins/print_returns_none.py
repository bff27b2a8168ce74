# args: [3]
# expect: True
from typing import Optional


def f(n: int) -> bool:
    r: Optional[int] = print(n, 2.5, [n], (n, "x"), None)
    return r is None
