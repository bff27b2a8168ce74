# The else block of a try runs only after the whole body: a store of
# another type in the body holds there, whatever the handlers do.
# args: ["17"]
# expect: 18
# args: ["x"]
# expect: -1


def f(s: str) -> int:
    m = s
    r = -1
    try:
        m = int(m)
    except ValueError:
        pass
    else:
        r = m + 1
    return r
