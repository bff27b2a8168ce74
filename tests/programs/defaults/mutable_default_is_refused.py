# entry: f
# A default that is not a literal ([] is one list shared by every call in
# CPython) is left to CPython.
# error: Unsupported 5:13
def g(x, acc=[]):
    acc.append(x)
    return len(acc)


def f(n: int) -> int:
    return g(n) + g(n)
