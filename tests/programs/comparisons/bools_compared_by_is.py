# True and False are singletons: `is` and `is not` between two bools answer
# as == and != do, in a chain too.
# args: [[1, 2, 3]]
# expect: [False, True, True, False, True]
# args: [[]]
# expect: [True, False, True, True, False]
def f(xs: list[int]) -> list[bool]:
    empty = not xs
    return [empty is True, empty is False, (len(xs) > 2) is not empty,
            empty is not False, False is empty is False]
