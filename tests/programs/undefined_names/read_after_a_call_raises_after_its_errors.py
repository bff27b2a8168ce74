# The call before the read runs first, and its ValueError wins; a str
# method looked up on a local is no act of its own.
# args: ['x']
# raises: ValueError
# args: ['3']
# raises: NameError
def f(s: str) -> int:
    n = int(s) + len(s.strip(missing_chars))
    return n
