# args: [2]
# expect: 1
# args: [0]
# raises: IndexError
def f(n: int) -> int:
    xs = list(range(n))
    xs.pop()
    return len(xs)
