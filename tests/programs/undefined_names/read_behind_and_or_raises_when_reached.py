# The right of `and` runs only where the left is true; of `or`, false.
# args: [1]
# expect: (False, True)
# args: [2]
# raises: NameError
def f(n: int) -> tuple[bool, bool]:
    a = n > 1 and is_prime(n)
    b = n == 1 or is_prime(n)
    return a, b
