# args: ['hello', 'l']
# expect: 2
# args: ['hello', 'z']
# expect: -1
def f(s: str, x: str) -> int:
    for i, c in enumerate(s):
        if c == x:
            return i
    return -1
