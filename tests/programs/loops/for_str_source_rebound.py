# The iterated string is fixed when the loop starts.
# args: ['ab']
# expect: 'abab'
def f(s: str) -> str:
    for c in s:
        s = s + c
    return s
