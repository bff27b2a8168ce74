# error: TypeError 3
def f(n: int) -> int:
    xs = [n, 'a']
    return n
