# -a ** 2 is -(a ** 2); ** is right-associative.
# args: [3]
# expect: -9
# args: [-3]
# expect: -9
def f(a: int) -> int:
    return -a ** 2 + 2 ** 3 ** 2 - 512
