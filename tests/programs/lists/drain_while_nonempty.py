# args: [[1, 2, 3, 4]]
# expect: 4321
def f(xs: list[int]) -> int:
    n = 0
    while xs:
        n = n * 10 + xs.pop()
    return n
