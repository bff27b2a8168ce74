# A for loop over a list sees items appended while it runs.
# args: [[1, 2, 5]]
# expect: [1, 2, 5, 11, 12, 21, 22]
def f(xs: list[int]) -> list[int]:
    for x in xs:
        if x < 20 and x != 5:
            xs.append(x + 10)
    return xs
