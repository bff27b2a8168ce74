# args: [7, 'ann']
# expect: '7 items|ann|  1.8|7'
# args: [-2, None]
# expect: '-2 items|None| -0.5|-2'
from typing import Optional


def f(n: int, name: Optional[str]) -> str:
    return ("%d items" % n) + ("|%s" % name) + ("|%5.1f" % (n / 4)) + ("|%s" % (n,))
