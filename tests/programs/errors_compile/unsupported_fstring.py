# error: Unsupported 3
def f(n: int) -> str:
    return f'{n}'
