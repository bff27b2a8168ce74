# `except C as e` where nothing reads e (in one handler or several): the
# handler as without it.
# args: ["7"]
# expect: 7
# args: ["x"]
# expect: 0
def f(s: str) -> int:
    try:
        return int(s)
    except ValueError as err:
        return 0


def g(s: str) -> int:
    try:
        return int(s) // len(s)
    except ValueError as err:
        return -1
    except ZeroDivisionError as err:
        return -2
