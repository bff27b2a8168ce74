# args: ['ab', [1, 2]]
# expect: (True, True, False, True, True, False)
def f(s: str, xs: list[int]) -> tuple[bool, bool, bool, bool, bool, bool]:
    return (type(s) == str, type(xs) is list, type(s) == list, list == type(xs), type(s) != int,
            type(xs) is not list)
