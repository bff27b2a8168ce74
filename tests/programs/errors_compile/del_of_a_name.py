# error: Unsupported 4:9
# A name deleted is unbound after it: CPython judges such a program.
def f(n: int) -> int:
    del n
    return 0
