# A list or str local indexed by an expression (the local read by the
# item read itself): reads, item assignment and += through such an index,
# negative and out-of-range indices as CPython's.
# args: [[4, 1, 3, 2], 'abcd']
# expect: [3, 2, 11, 12, 100]
# args: [[9], 'z']
# raises: IndexError
def f(xs: list[int], s: str) -> list[int]:
    n = len(xs)
    for j in range(n - 1):
        if xs[j] > xs[j + 1]:
            xs[j], xs[j + 1] = xs[j + 1], xs[j]
    xs[n - 1] += ord(s[n - 1]) - ord(s[len(s) - 4]) + xs[n * 2 - 2 * n - 1]
    xs[(n + 1) % n] = xs[-n + 1]
    out = [xs[j % n] for j in range(1, n)]
    out.append(xs[n - 1] + 1)
    out.append(100 if s[n - 4] == 'a' else 0)
    return out
