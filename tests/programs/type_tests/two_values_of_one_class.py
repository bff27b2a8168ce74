# type(a) == type(b): a constant where both types fix their classes (an int
# and a str never share one; two lists always do, whatever their items).
# args: [3, 'x']
# expect: (False, True, True, False, True)
# args: [0, '']
# expect: (False, True, True, False, True)
def f(n: int, s: str) -> tuple[bool, bool, bool, bool, bool]:
    return (type(n) == type(s), type(n) is type(n + 1), type([n]) == type([s]), type((n,)) is not type((s, s)),
            type(s) != type(n > 0))
