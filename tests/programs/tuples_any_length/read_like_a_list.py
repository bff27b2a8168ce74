# A tuple of any length reads as a list does: a variable index, negative
# indices, slices (a tuple again), len, in, count, index, min, max, sum,
# sorted, reversed, iteration and unpacking.
# args: [(5, 3, 5, 1), 2]
# expect: [5, 1, 4, 2, 0, 1, 1, 5, 14, 1, 5, 1, 5, 3, 5]
# args: [(7, 8), 1]
# expect: [8, 8, 2, 1, 0, 1, 7, 8, 15, 7, 7, 8, 7, 7, 8]
def f(t: tuple[int, ...], i: int) -> list[int]:
    out = [t[i], t[-1], len(t), len(t[i:]), t.count(9), t.index(t[1]) if t[1] in t else -1]
    out += [min(t), max(t), sum(t), sorted(t)[0], list(reversed(t))[-1]]
    for x in t[::-1][:2]:
        out.append(x)
    a, b = t[:2]
    out.append(min(a, b))
    out.append(max(a, b))
    return out
