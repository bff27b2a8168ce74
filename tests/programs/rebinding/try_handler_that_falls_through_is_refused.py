# A handler that falls through reaches the read after the try with the old
# value: refused.
# error: TypeError 7:9
def f(s: str) -> int:
    m = s
    try:
        m = int(s)
    except ValueError:
        pass
    return len(str(m))
