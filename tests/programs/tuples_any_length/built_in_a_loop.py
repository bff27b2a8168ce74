# A name that starts as () and is given longer tuples is a tuple of any
# length (the function is typed again so).
# args: [[4, 5, 6]]
# expect: (4, 5, 6, 5)
# args: [[]]
# expect: ()
def f(xs: list[int]) -> tuple[int, ...]:
    res = ()
    for x in xs:
        res += (x,)
    if len(res) > 2:
        res = res + (res[1],)
    return res
