# An empty list is false; any other list is true, even [0] or [[]].
# args: [[]]
# expect: 'empty'
# args: [[0]]
# expect: 'nonempty'
def f(xs: list[int]) -> str:
    if not xs:
        return 'empty'
    nested = [[]] if xs else [[1]]
    if nested and xs:
        return 'nonempty'
    return 'other'
