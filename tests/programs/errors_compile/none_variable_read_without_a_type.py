# error: TypeError 4:16
def f(s: str) -> int:
    best = None
    return len(best)
