# args: [0, '']
# expect: 2
# args: [5, 'a']
# expect: 0
# args: [-1, '']
# expect: 1
def f(x: int, s: str) -> int:
    r = 0
    if not x:
        r += 1
    if not s:
        r += 1
    if not not x and not x:
        r += 100
    return r
