# A str among the sequences gives its characters; one target takes the
# whole tuple, and zip stops at the shortest.
# args: ["abcd", [1, 2, 3], ["x", "y", "z", "w"]]
# expect: [('a', 1, 'x'), ('b', 2, 'y'), ('c', 3, 'z')]
def triples(s: str, ns: list[int], ws: list[str]) -> list[tuple[str, int, str]]:
    return [t for t in zip(s, ns, ws)]
