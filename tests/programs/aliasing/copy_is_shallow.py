# copy(), list() and [:] copy the outer list only; the rows are shared.
# args: [[[1], [2]]]
# expect: [[1, 5, 6, 7], [2]]
def f(m: list[list[int]]) -> list[list[int]]:
    a = m.copy()
    b = list(m)
    c = m[:]
    a[0].append(5)
    b[0].append(6)
    c[0].append(7)
    a.append([3])
    return m
