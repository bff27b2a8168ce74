# args: [3]
# raises: KeyError
def f(x: int) -> int:
    s = {1, 2}
    s.remove(x)
    return len(s)
