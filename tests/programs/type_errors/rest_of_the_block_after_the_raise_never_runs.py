# After the statement that raises, the block's code never runs: CPython
# compiles it without types, so a str added to an int there is no error.
# args: [2]
# raises: TypeError
def f(n: int) -> int:
    m = max(n)
    return m + "never"
