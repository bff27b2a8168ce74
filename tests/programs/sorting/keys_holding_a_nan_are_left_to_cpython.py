# order: sort-pairs
# args: [["ab", "c", "def"], 0.0]
# expect: ['c', 'ab', 'def']
# args: [["ab", "c", "def"], nan]
# raises: Unsupported
def f(words: list[str], x: float) -> list[str]:
    return sorted(words, key=lambda w: (len(w) * 1.0, x))
