# A nested def calls another of its enclosing function's, bound by the
# time it runs (typed at its first call, after both defs).
# args: [12]
# expect: (10, 3)
# args: [3]
# expect: (3, 3)
def f(n: int) -> tuple[int, int]:
    def is_pal(x):
        return str(x) == str(x)[::-1]

    def count(n):
        return sum(1 for i in range(1, n + 1) if is_pal(i))

    def also_count(n):
        return count(min(n, 3))

    return count(n), also_count(n)
