# args: [2, 3]
# expect: [[0, 0, 0], [0, 1, 2]]
def f(r: int, c: int) -> list[list[int]]:
    return [[i * j for j in range(c)] for i in range(r)]
