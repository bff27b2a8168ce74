# args: ['hello']
# expect: 2
def f(s: str) -> int:
    for i in range(len(s)):
        if s[i] == 'l':
            break
    return i
