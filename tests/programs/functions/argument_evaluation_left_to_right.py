# The first failing argument decides the exception.
# args: [1, 0, 'ab', 5]
# raises: ZeroDivisionError
# args: [1, 1, 'ab', 5]
# raises: IndexError
# args: [1, 1, 'ab', 1]
# expect: 'b1'
def f(a: int, b: int, s: str, i: int) -> str:
    return pick(a // b, s[i])


def pick(n: int, c: str) -> str:
    return c + str(n)
