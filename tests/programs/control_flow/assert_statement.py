# args: [4]
# expect: 2
# args: [-1]
# raises: AssertionError
# args: [0]
# expect: 0
def f(n: int) -> int:
    assert n >= 0
    return n // 2
