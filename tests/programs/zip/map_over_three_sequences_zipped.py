# args: [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
# expect: [12, 15, 18]
def sums(a: list[int], b: list[int], c: list[int]) -> list[int]:
    return list(map(lambda t: t[0] + t[1] + t[2], zip(a, b, c)))
