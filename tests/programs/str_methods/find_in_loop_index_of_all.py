# args: ['abcabcab', 'ab']
# expect: 3
def f(s: str, sub: str) -> int:
    n = 0
    i = s.find(sub)
    while i != -1:
        n += 1
        s = s[i + 1:]
        i = s.find(sub)
    return n
