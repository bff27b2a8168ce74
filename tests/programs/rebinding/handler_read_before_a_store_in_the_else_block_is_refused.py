# Both passes take a try's else block before its handlers, so a handler's
# read would meet the else block's new variable, where CPython's handler
# sees the old value: refused.
# error: TypeError 12:9
def f(s: str) -> int:
    m = s
    try:
        k = int(s)
    except ValueError:
        return len(m)
    else:
        m = k * 2
    return 0
