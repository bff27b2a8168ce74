# args: [True]
# expect: (False, True, False)
def f(b: bool) -> tuple[bool, bool, bool]:
    return (type(b) == int, type(b) is bool, type(b) == object)
