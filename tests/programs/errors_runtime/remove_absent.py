# args: [['a', 'b'], 'b']
# expect: 1
# args: [['a', 'b'], 'c']
# raises: ValueError
# args: [[], 'a']
# raises: ValueError
def f(xs: list[str], x: str) -> int:
    xs.remove(x)
    return len(xs)
