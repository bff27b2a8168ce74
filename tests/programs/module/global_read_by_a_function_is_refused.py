# A function that reads a name the module's code binds reads a global the
# VM does not keep: refused when the function is typed (CPython would also
# raise NameError here, as the print runs before the store).
# error: NameError 6:16
def shifted(n: int) -> int:
    return n + offset


print(shifted(0))
offset = 3
