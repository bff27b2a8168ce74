# The operand after `or` raises only where it is reached.
# args: [0, 5]
# expect: True
# args: [1, 5]
# raises: TypeError
def f(k: int, n: int) -> bool:
    return k == 0 or bool(sorted(n))
