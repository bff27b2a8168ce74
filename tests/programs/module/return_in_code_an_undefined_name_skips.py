# error: SyntaxError 7:1
def double(n: int) -> int:
    return 2 * n


missing
return double(2)
