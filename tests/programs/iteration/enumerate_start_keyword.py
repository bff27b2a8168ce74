# enumerate's start may also be given by keyword.
# args: [['a', 'b']]
# expect: [(5, 'a'), (6, 'b')]
def f(xs: list[str]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for i, x in enumerate(xs, start=5):
        out.append((i, x))
    return out
