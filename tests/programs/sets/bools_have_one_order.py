# args: [[True, False, True]]
# expect: ([False, True], [False, True])
def f(bs: list[bool]) -> tuple[list[bool], list[bool]]:
    return list(set(bs)), list({True, False})
