# error: TypeError 3
def f(n: int) -> bool:
    return 'a' in n
