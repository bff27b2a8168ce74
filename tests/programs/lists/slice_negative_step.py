# With a negative step, omitted bounds mean "from the end" and "through the start".
# args: [[1, 2, 3, 4, 5, 6]]
# expect: [[6, 5, 4, 3, 2, 1], [6, 4, 2], [3, 2, 1], [6, 5, 4], [5, 3, 1], [4, 3]]
def f(xs: list[int]) -> list[list[int]]:
    return [xs[::-1], xs[::-2], xs[2::-1], xs[:2:-1], xs[-2::-2], xs[3:1:-1]]
