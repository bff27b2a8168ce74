# args: [['a', 'b', 'a']]
# expect: 2
# args: [[]]
# expect: 0
def f(xs: list[str]) -> int:
    seen = set()
    for x in xs:
        seen |= {x}
    return len(seen)
