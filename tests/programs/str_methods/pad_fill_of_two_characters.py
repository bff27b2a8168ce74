# args: ['ab', 5]
# raises: TypeError
def f(s: str, w: int) -> str:
    return s.rjust(w, "ab")
