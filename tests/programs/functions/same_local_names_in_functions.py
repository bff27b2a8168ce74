# Locals of different functions are separate, even with one name.
# args: [3]
# expect: 'aaa3'
def f(n: int) -> str:
    x = n
    return g(n) + str(x)


def g(k: int) -> str:
    x = 'a'
    return x * k
