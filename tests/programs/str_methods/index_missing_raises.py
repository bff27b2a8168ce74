# args: ['abc', 'c']
# expect: 2
# args: ['abc', 'z']
# raises: ValueError
# args: ['abc', '']
# expect: 0
def f(s: str, sub: str) -> int:
    return s.index(sub)
