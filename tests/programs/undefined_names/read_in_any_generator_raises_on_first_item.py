# any() stops at its first true item; an empty list has none to test.
# args: [[]]
# expect: False
# args: [[2, 3]]
# raises: NameError
def f(xs: list[int]) -> bool:
    return any(is_prime(x) for x in xs)
