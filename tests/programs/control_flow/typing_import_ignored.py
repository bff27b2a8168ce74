# args: [3]
# expect: 6
from typing import List, Optional, Tuple
import math


def f(n: int) -> int:
    return n * 2
