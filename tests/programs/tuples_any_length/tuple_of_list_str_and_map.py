# tuple() of a list, a str, sorted(...) and map(...): a new tuple; the
# list changed after it does not change the tuple.
# args: [[3, 1, 2], "ab"]
# expect: ((3, 1, 2), ('a', 'b'), (1, 2, 3), (6, 2, 4))
def f(xs: list[int], s: str) -> tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    t = tuple(xs)
    xs.append(9)
    return (t, tuple(s), tuple(sorted(t)), tuple(map(lambda x: x * 2, t)))
