# The operand reads a local that may be unbound first: UnboundLocalError
# wins where CPython's would.
# args: [0]
# raises: UnboundLocalError
# args: [1]
# raises: NameError
def f(n: int) -> bool:
    if n > 0:
        k = n
    return n > -1 and k + missing_fn(k) > 0
