# xs[i] may raise IndexError first: it acts before the subscript of its
# value, which then raises TypeError (an int is not subscriptable).
# args: [[], 0]
# raises: IndexError
# args: [[7], 0]
# raises: TypeError
def f(xs: list[int], i: int) -> int:
    return xs[i][0]
