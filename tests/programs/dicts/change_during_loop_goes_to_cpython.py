# args: [[1, 2]]
# raises: Unsupported
def f(xs: list[int]) -> int:
    d = {}
    for x in xs:
        d[x] = x
    for k in d:
        d[k + 10] = k
    return len(d)
