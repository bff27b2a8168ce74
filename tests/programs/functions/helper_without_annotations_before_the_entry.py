# A helper defined before the entry, without annotations, is typed where
# the entry first calls it; one that nobody calls needs no types at all.
# args: [3, "ab"]
# expect: "ababab!"
# args: [0, "x"]
# expect: "!"
# entry: f


def unused(a, b):
    return a + b


def shout(s, k):
    out = s * k
    return out + "!"


def f(n: int, s: str) -> str:
    return shout(s, n)
