# error: TypeError 5
def f(n: int) -> int:
    xs = [n]
    for i in range(n):
        xs = ['a']
    return n + len(xs)
