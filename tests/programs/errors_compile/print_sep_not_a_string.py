# error: TypeError 3
def f(n: int) -> int:
    print(n, sep=1)
    return n
