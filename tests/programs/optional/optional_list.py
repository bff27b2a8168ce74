# args: [0]
# expect: None
# args: [3]
# expect: [0, 1, 2]
from typing import List, Optional


def f(n: int) -> Optional[List[int]]:
    if n == 0:
        return None
    return list(range(n))
