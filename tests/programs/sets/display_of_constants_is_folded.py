# args: []
# expect: ([32, 1, 2, 3, 33], [32, 1, 2, 3, 33])
def f() -> tuple[list[int], list[int]]:
    a = 1
    return list({1, 33, 2, 3, 32}), list({a, 33, 2, 3, 32})
