# The entry requires more arguments than the tests pass.
# signature: def area(w: int) -> int
# args: [3]
# raises: TypeError
def area(w, h, scale=1):
    return w * h * scale
