# error: Unsupported 9:9
# A name that holds ints and floats is not a loop's variable too (the
# loop would store its ints as they are).
def f(xs: list[float]) -> float:
    x = 0
    for y in xs:
        if y > 0:
            x = y
    for x in range(3):
        pass
    return x
