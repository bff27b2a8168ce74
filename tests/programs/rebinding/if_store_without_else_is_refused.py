# Without an else, the if may run no branch: the read after it may see the
# old value, refused.
# error: TypeError 6:9
def f(s: str, n: int) -> int:
    if s.isdigit():
        s = int(s)
    elif s:
        return -1
    return len(str(s))
