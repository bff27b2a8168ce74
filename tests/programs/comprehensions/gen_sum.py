# args: [[1, 2, 3]]
# expect: (14, 2)
# args: [[]]
# expect: (0, 0)
def f(xs: list[int]) -> tuple[int, int]:
    return sum(x * x for x in xs), sum(1 for x in xs if x % 2 == 1)
