# `x += e` and `x -= e` with e an expression (not a lone local or constant)
# store the sum themselves: the value e reads, overflow and a raise in e
# all as CPython's.
# args: ['a7b77', 3]
# expect: 6
# args: ['', 0]
# expect: -1
# args: ['7', 9223372036854775807]
# raises: OverflowError
# args: ['x', -1]
# raises: IndexError
def f(s: str, k: int) -> int:
    n = 0
    for c in s:
        n += (c == '7')
        n -= len(c) * 0
    n += k - 1
    n -= s[0:1].count('z')
    if k < 0:
        n += ord(s[k - 5])
    n += len(s) - len(s[1:])
    return n
