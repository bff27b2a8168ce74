# A range bound to a name and read once, by the next statement.
# args: [3, 6]
# expect: (3, 18)
def span(n: int, m: int) -> tuple[int, int]:
    numbers = range(n, m + 1)
    total = sum(numbers)
    evens = range(0, m, 2)
    return len(list(evens)), total
