# A name the body assigns after the raise is unbound in the handler and
# after the statement.
# args: [0]
# expect: 1
# args: [1]
# expect: 5
# args: [-5]
# raises: UnboundLocalError
def f(a: int) -> int:
    try:
        if a > 0:
            y = 5
        z = [1][a]
    except IndexError:
        return y
    return z
