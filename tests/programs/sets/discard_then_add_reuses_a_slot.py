# args: []
# expect: [2, 5, -6, -1]
def f() -> list[int]:
    s = set()
    for x in [-3, -6]:
        s.add(x)
    s.discard(-3)
    s.discard(-6)
    s.add(5)
    s.discard(-3)
    s.add(2)
    s.discard(3)
    s.add(-6)
    s.add(-1)
    return [x for x in s]
