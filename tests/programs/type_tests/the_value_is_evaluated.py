# args: [[]]
# raises: IndexError
# args: [['a']]
# expect: True
def f(xs: list[str]) -> bool:
    return type(xs[0]) == str
