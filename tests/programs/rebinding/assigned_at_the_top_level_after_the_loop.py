# After a loop whose variable took another type, an assignment at the
# function's top level gives the name its value again for every later read.
# args: ["ab"]
# expect: 9
# args: [""]
# expect: 7


def f(s: str) -> int:
    t = 0
    i = 0
    for i in s:
        t += len(i)
    i = 7
    return t + i
