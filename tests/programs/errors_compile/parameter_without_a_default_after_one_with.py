# error: SyntaxError 4:19
# entry: f
# signature: def f(a: int, b: int) -> int
def f(a: int = 1, b: int) -> int:
    return a + b
