# Summing bools gives an int.
# args: [[True, False, True]]
# expect: 2
# args: [[]]
# expect: 0
def f(bs: list[bool]) -> int:
    return sum(bs)
