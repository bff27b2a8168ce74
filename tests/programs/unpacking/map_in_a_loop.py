# Unpacking a map in a loop, over a str and over a list: each round maps
# its own items.
# args: [["3 4", "10 -2"], "79"]
# expect: [12, -20, 16]
# args: [[], "00"]
# expect: [0]


def f(lines: list[str], pair: str) -> list[int]:
    out = []
    for line in lines:
        x, y = map(int, line.split())
        out.append(x * y)
    a, b = map(int, pair)
    out.append(a + b)
    return out
