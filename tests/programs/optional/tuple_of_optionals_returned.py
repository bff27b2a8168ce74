# A tuple display returned takes the function's tuple type: None items and
# T items become its Optional[T] items (HumanEval/136's `return (None,
# None)`), with or without parentheses, from the entry and from a helper.
# args: [[]]
# expect: (None, None)
# args: [[-4, 2, -1, 7]]
# expect: (-1, 2)
# args: [[0, -3]]
# expect: (-3, None)
from typing import Optional


def f(xs: list[int]) -> tuple[Optional[int], Optional[int]]:
    if not xs:
        return (None, None)
    neg, _ = split(xs)
    pos = [x for x in xs if x > 0]
    if not pos:
        return neg, None
    return ((neg), min(pos))


def split(xs: list[int]) -> tuple[Optional[int], int]:
    negs = [x for x in xs if x < 0]
    if negs:
        return (max(negs), len(negs))
    return None, 0
