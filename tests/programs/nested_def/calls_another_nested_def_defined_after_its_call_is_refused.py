# The enclosing function calls count before is_pal's def: CPython raises
# NameError there; the type pass refuses it (the CPython path judges).
# error: NameError 6:50
def f(n: int) -> int:
    def count(n):
        return sum(1 for i in range(1, n + 1) if is_pal(i))
    c = count(n)
    def is_pal(x):
        return str(x) == str(x)[::-1]
    return c
