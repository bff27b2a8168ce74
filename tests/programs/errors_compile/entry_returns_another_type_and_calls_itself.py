# An entry that returns another type than the problem's is judged by
# comparing, unless the program calls it and reads that value itself.
# signature: def f(n: int) -> int
# error: TypeError 7:16
def f(n):
    if n > 4:
        return [n]
    return f(n + 1) + 1
