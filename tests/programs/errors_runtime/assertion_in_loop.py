# args: ['aaa']
# expect: 3
# args: ['aab']
# raises: AssertionError
def f(s: str) -> int:
    n = 0
    for c in s:
        assert c == 'a', c
        n += 1
    return n
