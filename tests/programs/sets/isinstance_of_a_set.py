# args: ['abc']
# expect: (True, False)
def f(s: str) -> tuple[bool, bool]:
    chars = set(s)
    return isinstance(chars, set), isinstance(chars, list)
