# None prints as None, inside a list and alone.
# args: [[1, -2, 3]]
# expect: '[1, None, 3] None'
def f(xs: list[int]) -> str:
    return str([None if x < 0 else x for x in xs]) + " " + str(None)
