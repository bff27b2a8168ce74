# args: [[3, 1, 2, 4, 5]]
# expect: 3
# args: [[-10, 4, 6, 1000, 10, 20]]
# expect: 8.0
# args: [[6, 5]]
# expect: 5.5
def f(l: list[int]) -> int | float:
    l = sorted(l)
    if len(l) % 2 == 1:
        return l[len(l) // 2]
    return (l[len(l) // 2 - 1] + l[len(l) // 2]) / 2
