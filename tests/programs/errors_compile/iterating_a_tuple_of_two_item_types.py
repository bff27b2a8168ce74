# CPython iterates any tuple; the VM's loop needs one item type.
# error: Unsupported 4:14
def f(n: int) -> int:
    for x in (n, "a"):
        n += 1
    return n
