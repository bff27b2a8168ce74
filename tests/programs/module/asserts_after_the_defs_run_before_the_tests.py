# Statements after the last def are the module's code: CPython runs them
# once, before the harness calls the entry; the VM runs them before the
# entry in every lane, which gives the same result (they can change
# nothing a function reads).
# args: [5]
# expect: 10
# args: [-3]
# expect: -6
def double(n: int) -> int:
    return 2 * n


assert double(1) == 2
assert double(0) == 0, "zero"
