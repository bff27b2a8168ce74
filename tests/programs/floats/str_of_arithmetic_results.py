# args: [3]
# expect: '0.3333333333333333 1.5 9.0 0.1 3.0'
# args: [7]
# expect: '0.14285714285714285 3.5 49.0 0.1 7.0'
def f(n: int) -> str:
    third = 1 / n
    return " ".join([str(third), str(n / 2), str(float(n * n)), str(0.1), str(n * 1.0)])
