# `i = str(i)` in a loop over ints: the reads after it in the body see the
# str; the loop's head stores the next int to the old variable each round.
# args: [[15, 33, 1422, 1]]
# expect: [1, 15, 33]
# args: [[]]
# expect: []


def f(x: list[int]) -> list[int]:
    res = []
    for i in x:
        i = str(i)
        for j in i:
            if int(j) % 2 == 0:
                break
        else:
            res.append(int(i))
    return sorted(res)
