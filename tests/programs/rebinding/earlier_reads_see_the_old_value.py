# Reads before the new variable's store, a loop's included, see the old
# value; reads after it, the new one.
# args: [[1, 2, 3]]
# expect: "6:12"
# args: [[]]
# expect: "0:0"


def f(xs: list[int]) -> str:
    total = 0
    for x in xs:
        total += x
    before = total * 2
    total = str(total)
    return total + ":" + str(before)
