# dict() of a list of pairs sets each in turn: a key met again keeps its
# place and takes the later value.
# args: ["aeb"]
# expect: {'a': 'c', 'e': 'g', 'b': 'd', 'x': 'z'}
def f(s: str) -> dict[str, str]:
    pairs = [(c, chr(ord(c) + 2)) for c in s]
    pairs.append(("x", "y"))
    pairs.append(("x", "z"))
    return dict(pairs)
