# A local read before the undefined name comes first: where it is unbound,
# its UnboundLocalError; else the NameError.
# args: [3]
# raises: NameError
# args: [0]
# raises: UnboundLocalError
def f(n: int) -> int:
    if n > 0:
        total = n
    if total > missing_limit:
        return 1
    return 0
