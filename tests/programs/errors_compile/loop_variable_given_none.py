# error: TypeError 5:9
# A loop's variable is declared by the loop, not widened to an Optional.
def f(xs: list[int]) -> int:
    for a in xs:
        a = None
    return 0
