# args: ['abc', 3]
# expect: 'abc'
# args: ['abc', 4]
# raises: IndexError
def f(s: str, n: int) -> str:
    r = ''
    for i in range(n):
        r += s[i]
    return r
