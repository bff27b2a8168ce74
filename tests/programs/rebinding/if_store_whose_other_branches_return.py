# A store in one branch of an if whose other branches all return holds
# after the if statement: only that branch falls through to it.
# args: ["12", 3]
# expect: 9
# args: ["12", 300]
# expect: -1
# args: ["x", 3]
# expect: -2


def f(s: str, n: int) -> int:
    if s.isdigit() and n <= 100:
        s = int(s)
    elif n > 100:
        return -1
    else:
        return -2
    return s - n
