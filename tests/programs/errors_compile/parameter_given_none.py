# error: TypeError 6:9
# A parameter is declared by the call, not widened to an Optional: given
# None in the body it is refused, and stays an int where it is read.
def f(n: int) -> int:
    if n > 5:
        n = None
    return 0 if n is None else n + 1
