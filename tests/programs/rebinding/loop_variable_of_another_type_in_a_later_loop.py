# A later loop's variable of another type is a new variable where nothing
# after that loop reads the name: each loop's body reads its own.
# args: [[1, 22, 333], "ab"]
# expect: 358
# args: [[], ""]
# expect: 0
# args: [[5], "17"]
# expect: 7


def f(xs: list[int], s: str) -> int:
    t = 0
    for i in xs:
        t += i
    for i in s:
        t += len(i)
    return t
