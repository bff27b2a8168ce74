# args: ["abcb", "b"]
# expect: [1, 3]
def positions(s: str, c: str) -> list[int]:
    found = []
    indexed = enumerate(s)
    for i, ch in indexed:
        if ch == c:
            found.append(i)
    return found
