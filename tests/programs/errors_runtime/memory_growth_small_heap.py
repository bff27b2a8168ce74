# Growth past the lane's heap stops with MemoryError: each round multiplies
# the list's length by k (the last CPython cannot allocate).
# limits: {"heap_bytes": 4096}
# args: [2]
# expect: 80
# args: [1099511627776]
# raises: MemoryError
def f(k: int) -> int:
    xs = [1] * 10
    for _ in range(3):
        xs = xs * k
    return len(xs)
