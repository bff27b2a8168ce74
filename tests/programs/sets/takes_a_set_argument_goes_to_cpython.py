# args: [{3, 1}]
# raises: Unsupported
def f(s: set[int]) -> int:
    return len(s)
