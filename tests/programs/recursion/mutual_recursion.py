# args: [10]
# expect: True
# args: [7]
# expect: False
def f(n: int) -> bool:
    return is_even(n)


def is_even(n: int) -> bool:
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n: int) -> bool:
    if n == 0:
        return False
    return is_even(n - 1)
