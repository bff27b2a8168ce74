# error: SyntaxError 3:12
def f() -> str:
    return '\x4'
