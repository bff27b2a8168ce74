# inf and nan are not integers.
# args: [1e308]
# expect: (False, False, True)
def f(big: float) -> tuple[bool, bool, bool]:
    inf = big * 10
    return (inf.is_integer(), (inf - inf).is_integer(), big.is_integer())
