# args: [[1, 2, 2]]
# expect: (1.67, '1.67')
# args: [[3]]
# expect: (3.0, '3.0')
def f(xs: list[int]) -> tuple[float, str]:
    mean = round(sum(xs) / len(xs), 2)
    return mean, str(mean)
