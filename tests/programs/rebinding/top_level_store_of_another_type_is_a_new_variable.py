# A name assigned a value of another type at the function's top level is a
# new variable from there on (a parameter too): later reads see the new
# value, as in CPython.
# args: ["a bb ccc"]
# expect: [1, 2, 3]
# args: [""]
# expect: []


def f(s: str) -> list[int]:
    s = s.split()
    s = [len(w) for w in s]
    return s
