# args: ['Hello World']
# expect: 2
def f(s: str) -> int:
    n = 0
    for i in range(len(s)):
        if 'A' <= s[i] <= 'Z':
            n += 1
    return n
