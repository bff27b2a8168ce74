# args: [[5, 6, 3, 4, 8, 9, 2], 1, 3]
# expect: [5, 9, 8, 4, 9, 8, 7, 2]
# args: [[1, 2], 0, 0]
# expect: [2, 1, 9, 8, 7]
# args: [[3, 2, 1, 0], -1, -9]
# expect: [3, 9, 8, 7, 1, 2, 0]
def f(l: list[int], a: int, b: int) -> list[int]:
    l[::3] = sorted(l[::3])
    l[a:b] = [7, 8, 9]
    l[::-1] = l[:]
    return l
