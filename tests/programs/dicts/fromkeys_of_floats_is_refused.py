# A float key's nan is keyed by identity, which the VM does not keep:
# dict.fromkeys of floats is left to CPython.
# error: Unsupported 5:31
def f(xs: list[float]) -> list[float]:
    return list(dict.fromkeys(xs))
