# A comprehension's condition runs once per item: an empty range never
# reaches the undefined name, any other raises there.
# args: [0]
# expect: 0
# args: [3]
# raises: NameError
def f(n: int) -> int:
    return len([x for x in range(n) if is_prime(x)])
