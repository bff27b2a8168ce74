# args: [3]
# expect: False
def f(n: int) -> bool:
    xs = [n]
    return xs == n
