# args: ['ab']
# expect: ['a', 'b', 'a', 'b']
def f(s: str) -> list[str]:
    xs = []
    xs += list(s)
    xs += xs
    return xs
