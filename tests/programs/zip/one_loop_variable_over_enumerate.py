# One loop variable over enumerate() takes (index, item) whole.
# args: [["x", "y"]]
# expect: [(0, 'x'), (1, 'y')]
def f(words: list[str]) -> list[tuple[int, str]]:
    out = []
    for p in enumerate(words):
        out.append(p)
    return out
