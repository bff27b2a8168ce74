# `in` compares whole items: a list is found by equality, not by identity.
# args: [[[1, 2], [3]], [1, 2]]
# expect: True
# args: [[[1, 2], [3]], [1]]
# expect: False
# args: [[[1, 2], [3]], [3]]
# expect: True
# args: [[[]], []]
# expect: True
def f(xss: list[list[int]], ys: list[int]) -> bool:
    return ys in xss
