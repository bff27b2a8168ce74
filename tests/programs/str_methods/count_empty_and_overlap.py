# count('') is len + 1; matches do not overlap.
# args: ['', '']
# expect: 1
# args: ['abc', '']
# expect: 4
# args: ['aaaa', 'aa']
# expect: 2
# args: ['aaa', 'aa']
# expect: 1
# args: ['abc', 'd']
# expect: 0
def f(s: str, sub: str) -> int:
    return s.count(sub)
