# args: ['ab']
# raises: RecursionError
def f(s: str) -> int:
    return f(s[1:] + s[0]) if s else 0
