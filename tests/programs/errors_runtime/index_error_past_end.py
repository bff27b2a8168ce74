# args: ['abc']
# raises: IndexError
def f(s: str) -> str:
    return s[len(s)]
