# `except C as e` where nothing reads e: the handler as without it.
# args: ["7"]
# expect: 7
# args: ["x"]
# expect: 0
def f(s: str) -> int:
    try:
        return int(s)
    except ValueError as err:
        return 0
