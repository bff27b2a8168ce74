# A read inside a comprehension's body runs only for some items: refused
# at compile time, and judged on the CPython path.
# error: NameError 5:40
def f(n: int) -> int:
    return len([x for x in range(n) if is_prime(x)])
