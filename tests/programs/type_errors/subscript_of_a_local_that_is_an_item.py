# xs[i] may raise IndexError first: it acts before the subscript of its
# value, so this stays a compile-time TypeError (CPython judges it).
# error: TypeError 5:17
def f(xs: list[int], i: int) -> int:
    return xs[i][0]
