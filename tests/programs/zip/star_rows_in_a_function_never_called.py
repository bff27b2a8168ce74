# A body no run reaches is checked as CPython compiles it: `*rows` as a
# call's argument is valid Python there.
# entry: f
# args: [3]
# expect: 3
def unused(m: list[list[int]]) -> int:
    return len(list(zip(*m)))


def f(n: int) -> int:
    return n
