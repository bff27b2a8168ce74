# args: [[1, 2, 3], [4, 5]]
# expect: 14
def dot(a: list[int], b: list[int]) -> int:
    acc = 0
    pairs = zip(a, b)
    for x, y in pairs:
        acc += x * y
    return acc
