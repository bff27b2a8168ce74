# The entry's def takes fewer arguments than the tests pass: CPython's call
# raises TypeError before the body runs, whatever it holds.
# signature: def max_sum(arr: list[int], n: int) -> int
# args: [[1, 2, 3], 3]
# raises: TypeError
def max_sum(arr):
    return max(arr) + undefined_helper(arr)
