# entry: f
# A recursive function that raises deep inside, caught by its caller: the
# frames of every level close, and the calls that returned before count.
# args: [12]
# expect: 3376
# args: [1]
# expect: 3001
def fib(n: int) -> int:
    if n < 0:
        raise ValueError('negative')
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def f(n: int) -> int:
    total = 0
    for k in range(n, -4, -1):
        try:
            total += fib(k)
        except ValueError:
            total += 1000
    return total
