# error: SyntaxError 2
from typing import Optional,


def f(n: int) -> int:
    return n
