# After a statement that raises NameError, the rest of its block never runs
# in CPython: it is not typed (x has no type here) and compiles to nothing.
# args: [4]
# raises: NameError
# args: [-1]
# expect: -1
def f(n: int) -> int:
    if n > 0:
        x = is_prime(n)
        return x + 'never'
    return n
