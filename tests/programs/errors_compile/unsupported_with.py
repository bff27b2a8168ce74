# error: Unsupported 3
def f(p: str) -> str:
    with open(p) as fh:
        return p
