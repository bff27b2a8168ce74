# error: SyntaxError 6:1
def double(n: int) -> int:
    return 2 * n


return doubl3e(2)
