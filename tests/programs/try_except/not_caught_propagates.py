# A status no clause names goes on out of the try, as raised in the body;
# the else block runs only when the body raised nothing.
# args: [7, 2]
# expect: 4
# args: [1, 0]
# raises: ZeroDivisionError
def f(a: int, b: int) -> int:
    try:
        x = a // b
    except (ValueError, KeyError):
        return 1
    else:
        x += 1
    return x
