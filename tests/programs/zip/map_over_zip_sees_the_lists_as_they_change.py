# map() over zip() takes one pair at a time, as CPython's do: a function
# that shortens a list ends the zip sooner.
# args: [[4, 5, 6, 7], [1, 2, 3, 4]]
# expect: [8, 8]
def f(a: list[int], b: list[int]) -> list[int]:
    return list(map(lambda p: a.pop() + p[1], zip(a, b)))
