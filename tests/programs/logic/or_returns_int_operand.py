# x or 5 is x when x is truthy, else 5: an int, not a bool.
# args: [0]
# expect: 5
# args: [3]
# expect: 3
# args: [-1]
# expect: -1
def f(x: int) -> int:
    return x or 5
