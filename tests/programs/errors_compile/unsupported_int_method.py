# n.to_bytes() is valid Python the subset leaves out: Unsupported, so that
# CPython judges it, never "'int' object has no attribute".
# error: Unsupported 5:14
def f(n: int) -> int:
    return n.to_bytes(2, 'big')[0]
