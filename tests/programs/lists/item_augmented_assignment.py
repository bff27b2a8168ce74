# args: ['3141592']
# expect: [0, 2, 1, 1, 1, 1, 0, 0, 0, 1]
def f(s: str) -> list[int]:
    counts = [0] * 10
    for c in s:
        counts[int(c)] += 1
    counts[-1] *= 1
    return counts
