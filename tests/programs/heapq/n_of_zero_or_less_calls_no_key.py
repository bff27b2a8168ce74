# For n <= 0 CPython's nlargest and nsmallest take no item: the key is
# never called, so a key that would raise does not.
# args: [["ab", "c"], 0]
# expect: ([], [])
# args: [["ab", "c"], -2]
# expect: ([], [])
# args: [["ab", "c"], 1]
# raises: TypeError
import heapq


def ends(words: list[str], n: int) -> tuple[list[str], list[str]]:
    return heapq.nlargest(n, words, key=ord), heapq.nsmallest(n, words, key=ord)
