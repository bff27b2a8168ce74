# args: [10]
# expect: [0, 3, 6, 9]
def f(n: int) -> list[int]:
    return [i for i in range(n) if i % 3 == 0]
