# A module-level store of a function's name changes what the harness calls.
# error: Unsupported 8:5
def double(n: int) -> int:
    return 2 * n


total = 0
for double in [1, 2]:
    total += double
