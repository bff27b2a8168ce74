# args: [["bb", "a", "cc", "d", "eee"], 2]
# expect: (['eee', 'bb'], ['a', 'd'])
# args: [["bb", "a", "cc", "d", "eee"], 4]
# expect: (['eee', 'bb', 'cc', 'a'], ['a', 'd', 'bb', 'cc'])
from heapq import nlargest, nsmallest as smallest


def ends(words: list[str], n: int) -> tuple[list[str], list[str]]:
    return nlargest(n, words, key=len), smallest(n, words, lambda w: len(w))
