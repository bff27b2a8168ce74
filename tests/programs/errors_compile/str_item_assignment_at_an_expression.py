# error: TypeError 5
# A str item cannot be assigned, whatever the index.
def f(s: str) -> str:
    n = len(s)
    s[n - 1] = 'x'
    return s
