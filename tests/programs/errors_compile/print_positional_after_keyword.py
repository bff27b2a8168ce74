# error: SyntaxError 3
def f(n: int) -> int:
    print(sep="", n)
    return n
