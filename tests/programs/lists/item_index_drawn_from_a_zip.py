# args: [[1, 2, 3], (1, 2)]
# expect: [5, 9, 3]
# args: [[4, 5, 6, 7], (3,)]
# expect: [13, 5, 6, 7]
# args: [[0, 0, 0], (5, 5)]
# expect: [5, 8, 0]
def f(a: list[int], w: tuple[int, ...]) -> list[int]:
    a[len(tuple(zip(w, w))) - 1] = 9
    a[list(zip(*[w, w])).count(w) % 2] += 5
    a[sum(x for _, x in zip(w, w)) % 3] -= 1
    return a
