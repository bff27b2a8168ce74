# args: ['b a b c']
# expect: {'a': 1, 'b': 2, 'c': 1}
# args: ['']
# expect: {}
def f(s: str) -> dict[str, int]:
    d = {}
    for w in sorted(s.split()):
        d[w] = d.get(w, 0) + 1
    return d
