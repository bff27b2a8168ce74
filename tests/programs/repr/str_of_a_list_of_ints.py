# str() of a list is its repr: items by repr, joined by ', '.
# args: [[1, -20, 300]]
# expect: '[1, -20, 300]'
# args: [[]]
# expect: '[]'
def f(xs: list[int]) -> str:
    return str(xs)
