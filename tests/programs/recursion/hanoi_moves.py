# args: [10]
# expect: 1023
def f(n: int) -> int:
    return hanoi(n, 'a', 'b', 'c')


def hanoi(n: int, src: str, dst: str, via: str) -> int:
    if n == 0:
        return 0
    return hanoi(n - 1, src, via, dst) + 1 + hanoi(n - 1, via, dst, src)
