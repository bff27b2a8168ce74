# args: ['abcdef', 2]
# expect: 'ab|cdef|abcdef|ef|abcd'
# args: ['abc', 10]
# expect: 'abc||abc|abc|'
def f(s: str, k: int) -> str:
    return s[:k] + '|' + s[k:] + '|' + s[:] + '|' + s[-k:] + '|' + s[:-k]
