# A loop's else block runs once, after the loop: a store there of another
# type is no store of the loop's, and the body's reads see the old value.
# args: [[1, 2, 3]]
# expect: "6!"
# args: [[]]
# expect: "0!"


def f(xs: list[int]) -> str:
    t = 0
    for x in xs:
        t += x
    else:
        t = str(t) + "!"
        return t
