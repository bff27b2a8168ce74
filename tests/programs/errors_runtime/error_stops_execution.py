# The first error ends the call; nothing after it runs.
# args: [0]
# raises: IndexError
def f(n: int) -> int:
    s = 'abc'
    x = s[n + 5]
    y = 1 // n
    return n
