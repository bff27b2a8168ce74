# A read in a branch beside the store's sees the old value: refused.
# error: TypeError 6:9
def f(xs: list[int]) -> int:
    x = len(xs)
    if x > 2:
        x = str(x)
        return len(x)
    else:
        return x
