# args: ['aaaa', 'aa', 'b']
# expect: 'bb'
# args: ['hello', 'l', 'L']
# expect: 'heLLo'
# args: ['abc', 'b', '']
# expect: 'ac'
# args: ['aaa', 'a', 'aa']
# expect: 'aaaaaa'
# args: ['abc', 'x', 'y']
# expect: 'abc'
def f(s: str, old: str, new: str) -> str:
    return s.replace(old, new)
