# An entry that may fall off its end compiles: there it answers None, which
# no member of its union is, so a wrong answer for any expected value; the
# paths that return answer as usual.
# args: [1]
# expect: 1
# args: [-2]
# expect: -1.0
def f(n: int) -> int | float:
    if n > 0:
        return n
    if n < -1:
        return n / 2
