# args: ['abca']
# expect: [(0, 'a'), (1, 'b'), (2, 'c'), (3, 'a')]
# args: ['']
# expect: []
def f(s: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for i in range(len(s)):
        out.append((i, s[i]))
    return out
