# args: [3]
# expect: 'got 3'
# args: [-1]
# expect: 'got None'
from typing import Optional


def f(n: int) -> str:
    o: Optional[int] = None
    if n > 0:
        o = n
    return f"got {o}"
