# 2 ** 63 does not fit in int64 even though the final result would:
# the DSL stops where CPython goes on with a wider intermediate.
# overflow: intermediate
# args: [1]
# raises: OverflowError
def f(n: int) -> int:
    return 2 ** 63 - n
