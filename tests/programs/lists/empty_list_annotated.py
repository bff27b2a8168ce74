# args: [3]
# expect: [[0], [0, 1], [0, 1, 2]]
def f(n: int) -> list[list[int]]:
    out: list[list[int]] = []
    for i in range(1, n + 1):
        out.append(list(range(i)))
    return out
