# args: [[5, 1, 4, 2, 8]]
# expect: [1, 2, 4, 5, 8]
def f(xs: list[int]) -> list[int]:
    n = len(xs)
    for i in range(n):
        for j in range(n - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
    return xs
