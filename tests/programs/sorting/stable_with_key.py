# Items with equal keys keep their original order.
# args: [['bb', 'a', 'cc', 'd', 'aa']]
# expect: ['a', 'd', 'bb', 'cc', 'aa']
def f(xs: list[str]) -> list[str]:
    return sorted(xs, key=len)
