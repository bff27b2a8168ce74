# error: SyntaxError 4
# The key function ends at its name: what follows needs a comma first.
def f(xs: list[str]) -> list[str]:
    return sorted(xs, key=len reverse=True)
