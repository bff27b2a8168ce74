# An if test's `and` reaches the name only when its left side is true.
# args: [0]
# expect: -1
# args: [5]
# raises: NameError
def f(n: int) -> int:
    if n > 1 and is_prime(n):
        return n
    return -1
