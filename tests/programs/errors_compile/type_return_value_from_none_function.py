# A helper typed to return None returns an int: a TypeError (the entry may:
# foreign_result/str_where_none_is_expected.py).
# entry: f
# error: TypeError 6
def g(n: int) -> None:
    return n


def f(n: int) -> int:
    g(n)
    return n
