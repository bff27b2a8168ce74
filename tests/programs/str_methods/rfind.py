# args: ['abc', '']
# expect: 3
# args: ['abcabc', 'bc']
# expect: 4
# args: ['abc', 'z']
# expect: -1
# args: ['', '']
# expect: 0
def f(s: str, sub: str) -> int:
    return s.rfind(sub)
