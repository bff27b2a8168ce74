# A store in a try body whose handlers all return holds after the try
# statement and in its else block: no other way reaches them.
# args: ["17"]
# expect: 20
# args: ["x"]
# expect: -1


def f(s: str) -> int:
    m = s
    try:
        m = int(m)
    except ValueError:
        return -1
    else:
        m += 2
    return m + 1
