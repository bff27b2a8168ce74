# args: [['b', 'a'], ['a', 'z', 'z']]
# expect: (False, True)
# args: [['B'], ['a']]
# expect: (True, False)
# args: [['a'], ['a', '']]
# expect: (True, False)
def f(a: list[str], b: list[str]) -> tuple[bool, bool]:
    return a < b, a >= b
