# An entry that is not called in the program may fall off its end: the
# verifier's call gets None, CPython's answer too, which is a wrong answer
# for any expected int; the paths that return are answered as usual.
# args: [5]
# expect: 5
def f(n: int) -> int:
    if n > 0:
        return n
