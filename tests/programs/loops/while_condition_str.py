# args: ['abcd']
# expect: 4
def f(s: str) -> int:
    n = 0
    while s:
        s = s[1:]
        n += 1
    return n
