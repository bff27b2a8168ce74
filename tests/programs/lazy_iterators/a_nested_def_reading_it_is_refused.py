# A nested def reads the name too: the map is read twice (CPython's
# second read finds it spent), and the VM leaves it to CPython.
# error: Unsupported 5:10
def f(xs: list[int]) -> int:
    it = map(abs, xs)
    total = sum(it)

    def peek() -> int:
        return len(list(it))

    return total + peek()
