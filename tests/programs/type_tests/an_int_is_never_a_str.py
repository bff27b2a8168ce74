# args: [3, 2.5]
# expect: (False, False, True)
def f(n: int, x: float) -> tuple[bool, bool, bool]:
    return (type(n) == str, type(x) is list, type(n) != dict)
