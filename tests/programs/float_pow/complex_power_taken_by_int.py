# A negative base to a fraction of a power is a complex number in CPython,
# which int() refuses with a TypeError before anything else runs: the
# VM's outcome too (a complex it does not hold is Unsupported elsewhere).
# args: [-8]
# raises: TypeError
# args: [9]
# expect: 3
def f(n: int) -> int:
    return int(n ** 0.5)
