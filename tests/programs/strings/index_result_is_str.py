# Indexing gives a str of length 1 that compares with str literals.
# args: ['racecar']
# expect: True
# args: ['ab']
# expect: False
def f(s: str) -> bool:
    return s[0] == s[-1] and s[0] + s[1] == s[:2]
