# A None-returning helper called for its assertion.
# args: [3]
# expect: 6
# args: [-3]
# raises: AssertionError
def f(n: int) -> int:
    check(n)
    return n * 2


def check(n: int) -> None:
    assert n > 0
