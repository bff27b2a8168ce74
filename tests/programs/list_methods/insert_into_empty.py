# args: [-5]
# expect: ['b', 'a']
# args: [5]
# expect: ['a', 'b']
def f(i: int) -> list[str]:
    xs: list[str] = []
    xs.insert(i, 'a')
    xs.insert(i, 'b')
    return xs
