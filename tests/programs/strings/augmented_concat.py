# args: [3]
# expect: 'a-a-a-'
def f(n: int) -> str:
    s = ''
    while n > 0:
        s += 'a'
        s += '-'
        n -= 1
    return s
