# A helper may leave its annotations out: its first call gives its
# parameters their types, and its first return its result's (here after
# the entry, which calls it first).
# signature: def count_primes(xs: list[int]) -> int
# args: [[1, 2, 3, 4, 5, 6, 7]]
# expect: 4
# args: [[]]
# expect: 0


def count_primes(xs):
    return len([x for x in xs if is_prime(x)])


def is_prime(n):
    if n < 2:
        return False
    for d in range(2, n):
        if n % d == 0:
            return False
    return True
