# args: ['b']
# expect: 2
# args: ['z']
# expect: -1
def f(k: str) -> int:
    d = {'a': 1, 'b': 2}
    v = d.get(k)
    if v is None:
        return -1
    return v
