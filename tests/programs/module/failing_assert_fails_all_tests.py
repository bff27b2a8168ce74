# A module-level assert that fails stops the program before any test runs:
# every lane ends with its AssertionError.
# args: [5]
# raises: AssertionError
# args: [0]
# raises: AssertionError
def double(n: int) -> int:
    return 2 * n


assert double(1) == 3
