# args: [2, 3]
# expect: 'match'
# args: [3, 2]
# expect: 'no'
def f(a: int, b: int) -> str:
    if (a, b) == (2, 3) and (a, b) != (3, 2):
        return 'match'
    return 'no'
