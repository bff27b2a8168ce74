# An unannotated entry takes the problem's signature, so returning another
# type is a TypeError there (the CPython path judges such a program).
# signature: def is_even(n: int) -> bool
# error: TypeError 6:12
def is_even(n):
    return n % 2
