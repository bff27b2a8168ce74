# A helper without a return annotation whose first return calls itself:
# its result's type is not known at that call.
# error: Unsupported 9:32
def f(n: int) -> int:
    return fact(n)


def fact(n):
    return 1 if n < 2 else n * fact(n - 1)
