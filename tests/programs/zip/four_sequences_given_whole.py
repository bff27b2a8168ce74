# args: [[1, 2], [3, 4], [5, 6], [7, 8, 9]]
# expect: (36, [(1, 3, 5, 7), (2, 4, 6, 8)])
def total(a: list[int], b: list[int], c: list[int], d: list[int]) -> tuple[int, list[tuple[int, int, int, int]]]:
    return sum(w + x + y + z for w, x, y, z in zip(a, b, c, d)), list(zip(a, b, c, d))
