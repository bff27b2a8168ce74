# args: [(1, 'b'), (1, 'a')]
# expect: (False, True)
# args: [(0, 'z'), (1, 'a')]
# expect: (True, False)
def f(a: tuple[int, str], b: tuple[int, str]) -> tuple[bool, bool]:
    return a < b, a != b and a > b
