# args: [(1, 'x', 2.5)]
# expect: 'x|1|2.5|x'
def f(t: tuple[int, str, float]) -> str:
    return t[1] + '|' + str(t[0]) + '|' + ('2.5' if t[-1] == 2.5 else '?') + '|' + t[-2]
