# error: TypeError 4
# The entry may fall off its end, and it calls itself: CPython's None would
# reach the caller (None + 1 raises there), so it is refused as a helper is.
def f(n: int) -> int:
    if n > 0:
        return f(0) + 1
