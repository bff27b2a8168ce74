# list(dict.fromkeys(xs)): xs's distinct items in the order first met.
# args: [[3, 1, 3, 2, 1, 5]]
# expect: [3, 1, 2, 5]
# args: [[]]
# expect: []
def f(xs: list[int]) -> list[int]:
    return list(dict.fromkeys(xs))
