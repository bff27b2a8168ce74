# args: [True]
# expect: 2
# args: [False]
# expect: 0
def f(b: bool) -> int:
    return b.bit_length() + (b > 0).bit_count()
