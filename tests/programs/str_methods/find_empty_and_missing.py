# args: ['abc', '']
# expect: 0
# args: ['', '']
# expect: 0
# args: ['abc', 'c']
# expect: 2
# args: ['abc', 'z']
# expect: -1
# args: ['abcabc', 'bc']
# expect: 1
# args: ['ab', 'abc']
# expect: -1
def f(s: str, sub: str) -> int:
    return s.find(sub)
