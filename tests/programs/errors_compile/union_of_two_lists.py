# Two lists in one union would compare item by item across members.
# signature: def f(n: int) -> int
# error: Unsupported 4:18
def f(n: int) -> list[int] | list[str]:
    return [n]
