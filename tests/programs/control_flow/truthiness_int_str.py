# args: [0, '']
# expect: 0
# args: [-2, '']
# expect: 1
# args: [0, ' ']
# expect: 2
# args: [1, 'a']
# expect: 3
def f(n: int, s: str) -> int:
    r = 0
    if n:
        r += 1
    if s:
        r += 2
    return r
