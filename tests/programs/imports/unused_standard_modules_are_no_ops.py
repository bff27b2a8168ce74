# args: [3]
# expect: 9
import os
import sys as system
from collections import Counter, deque
from typing import List


def f(n: int) -> int:
    import re
    return n * n
