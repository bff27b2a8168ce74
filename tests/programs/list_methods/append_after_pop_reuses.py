# args: [4]
# expect: [0, 10, 20, 30]
def f(n: int) -> list[int]:
    xs: list[int] = []
    for i in range(n):
        xs.append(i)
        xs.append(-1)
        xs.pop()
    for i in range(n):
        xs[i] = xs[i] * 10
    return xs
