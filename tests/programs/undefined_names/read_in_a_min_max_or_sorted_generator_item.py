# A generator given whole to min, max, sorted or list whose item reads a
# name nothing defines raises NameError at its first item; with no items
# min and max raise ValueError, sorted and list give [].
# args: [["kiwi", "fig"]]
# raises: NameError
# args: [[]]
# raises: ValueError
def f(words: list[str]) -> int:
    n = len(sorted(le % m(w) for w in words)) + len(list(ln(w) for w in words))
    return n + max(le % m(w) for w in words)
