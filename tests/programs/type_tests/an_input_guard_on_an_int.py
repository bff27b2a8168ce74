# The guards models write on their input: type(n) != int is False for an
# int parameter, so the raise under it never runs.
# args: [5]
# expect: 15
# args: [0]
# raises: ValueError
def f(n: int) -> int:
    assert type(n) == int, "n must be an int"
    if type(n) is not int or n < 1:
        raise ValueError("a positive int")
    return sum(range(1, n + 1))
