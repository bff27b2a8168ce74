# A function's parameter is its own: the module's code may name a value
# the same, as tests written by models do.
# args: [[3, 1, 2]]
# expect: 3
def largest(lst: list[int]) -> int:
    return max(lst)


lst = [1, 5, 2]
assert largest(lst) == 5
