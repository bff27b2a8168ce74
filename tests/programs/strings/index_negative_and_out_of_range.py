# args: ['abc', -1]
# expect: 'c'
# args: ['abc', -3]
# expect: 'a'
# args: ['abc', -4]
# raises: IndexError
# args: ['abc', 3]
# raises: IndexError
# args: ['', 0]
# raises: IndexError
# args: ['abc', 0]
# expect: 'a'
def f(s: str, i: int) -> str:
    return s[i]
