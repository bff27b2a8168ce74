# An except clause catches the exception of its class raised in the body;
# the body's rest does not run.
# args: ["12"]
# expect: 12
# args: ["x"]
# expect: -1
def f(s: str) -> int:
    try:
        n = int(s)
        return n
    except ValueError:
        return -1
