# An elif whose test reads an undefined name raises only when the branches
# before it are not taken.
# args: [5]
# expect: 1
# args: [2]
# raises: NameError
def f(n: int) -> int:
    if n > 3:
        return 1
    elif is_prime(n):
        return 2
    return 0
