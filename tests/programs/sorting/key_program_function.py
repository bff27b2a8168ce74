# args: [[13, 9, 22, 31, 5, 100]]
# expect: [100, 13, 22, 31, 5, 9]
def f(xs: list[int]) -> list[int]:
    return sorted(xs, key=digit_sum)


def digit_sum(n: int) -> int:
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s
