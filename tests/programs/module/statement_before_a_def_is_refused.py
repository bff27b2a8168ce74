# CPython would run this before the def below binds `half`: the CPython
# path judges such a program.
# error: Unsupported 8:1
def double(n: int) -> int:
    return half(n) * 4


print(double(3))


def half(n: int) -> int:
    return n // 2
