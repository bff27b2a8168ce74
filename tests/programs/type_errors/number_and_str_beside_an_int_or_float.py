# Where a program has an int | float, a compile-time TypeError may be one
# class's only and is refused; an error every class raises (here a number
# and a str added) still raises where it runs.
# args: [["a"], 7]
# raises: TypeError
# args: [["a"], 1]
# expect: 1
# args: [[], 0]
# expect: 2.5
def f(xs: list[str], n: int) -> int | float:
    t = 1 if n > 0 else 2.5
    if n > 5:
        return n + xs[0]
    return t
