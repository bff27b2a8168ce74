# entry: f
# A raise in a function called from the body unwinds its frame to the
# handler; the loop goes on after it.
# args: [[1, 0, 2, 4]]
# expect: 102
# args: [[]]
# expect: 0
def take(xs: list[int]) -> int:
    return xs.pop()


def f(xs: list[int]) -> int:
    n = 0
    while True:
        try:
            n += take(xs) // xs[-1]
        except IndexError:
            break
        except ZeroDivisionError:
            n += 100
    return n
