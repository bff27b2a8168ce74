# `math` never imported: the product's first operands run, then the read
# of math raises NameError, on every run.
# args: [1.0, 2.0]
# raises: NameError
def f(r: float, h: float) -> float:
    volume = (1 / 3) * math.pi * r ** 2 * h
    return volume
