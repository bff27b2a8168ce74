# `a, b, c = map(int, s.split('-'))`: the map's values unpacked. CPython's
# unpacking draws at most one item past the targets, so int meets no item
# after that one: a later bad item raises nothing, too many values is a
# ValueError, and so is a bad item among the first four.
# args: ["12-3-2020"]
# expect: 2035
# args: ["1-2"]
# raises: ValueError
# args: ["1-2-3-x"]
# raises: ValueError
# args: ["1-2-x-4"]
# raises: ValueError
# args: ["1-2-3-4-x"]
# raises: ValueError


def f(date: str) -> int:
    month, day, year = map(int, date.split("-"))
    return month + day + year
