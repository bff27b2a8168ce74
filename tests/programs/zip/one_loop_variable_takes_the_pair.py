# One loop variable over zip() takes each pair whole, as a tuple.
# args: [[1, 2], [3, 4]]
# expect: [1, 3, 2, 4]
def f(a: list[int], b: list[int]) -> list[int]:
    return [x for pair in zip(a, b) for x in pair]
