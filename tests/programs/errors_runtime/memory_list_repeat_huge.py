# A list too big for the heap is a MemoryError (CPython cannot allocate it
# either).
# args: [1000]
# expect: 1000
# args: [1099511627776]
# raises: MemoryError
def f(n: int) -> int:
    xs = [0] * n
    return len(xs)
