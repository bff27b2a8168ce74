# Two lists in one union would compare item by item across members (a
# helper's annotations are its types; the entry's type nothing).
# entry: f
# error: Unsupported 5:18
def g(n: int) -> list[int] | list[str]:
    return [n]


def f(n: int) -> int:
    return len(g(n))
