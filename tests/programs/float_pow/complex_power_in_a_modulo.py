# A complex number's % is CPython's TypeError: raised as the power is taken,
# nothing but a literal running between them.
# args: [-8]
# raises: TypeError
# args: [8]
# expect: True
# args: [26]
# expect: False
def f(n: int) -> bool:
    return (n ** (1 / 3)) % 1 == 0
