# The argument is a set of characters, not a prefix/suffix.
# args: ['xxhixx', 'x']
# expect: 'hi'
# args: ['abcba', 'ab']
# expect: 'c'
# args: ['abc', '']
# expect: 'abc'
# args: ['aaa', 'a']
# expect: ''
def f(s: str, chars: str) -> str:
    return s.strip(chars)
