# None stored into an Optional that a test had narrowed: later reads see
# None again (the narrowing ends at the store).
# args: [None]
# expect: -1
# args: ["ab"]
# expect: 0
from typing import Optional


def f(x: Optional[str]) -> int:
    if x is None:
        return -1
    x = None
    return 1 if x is not None else 0
