# A read after a loop whose variable took another type may see either
# type (the loop may not run): refused, the CPython path judges it.
# error: TypeError 8:9
def f(xs: list[int], s: str) -> int:
    t = 0
    for i in xs:
        t += i
    for i in s:
        t += 1
    return t + len(str(i))
