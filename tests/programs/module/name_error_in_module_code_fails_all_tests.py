# A helper the program never defines, called by the module's code: the
# NameError comes before any test.
# args: [4]
# raises: NameError
def double(n: int) -> int:
    return 2 * n


print(helper(double(3)))
