# args: ['racecar']
# expect: True
# args: ['ab']
# expect: False
# args: ['']
# expect: True
def f(s: str) -> bool:
    if len(s) < 2:
        return True
    return s[0] == s[-1] and f(s[1:-1])
