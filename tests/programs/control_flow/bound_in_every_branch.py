# args: [5]
# expect: 'odd'
# args: [4]
# expect: 'even'
def f(n: int) -> str:
    if n % 2:
        r = 'odd'
    else:
        r = 'even'
    return r
