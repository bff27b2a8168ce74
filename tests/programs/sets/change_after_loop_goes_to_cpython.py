# args: [[1, 2, 3]]
# raises: Unsupported
def f(xs: list[int]) -> int:
    s = set(xs)
    for x in s:
        if x == 2:
            s.add(10)
    return len(s)
