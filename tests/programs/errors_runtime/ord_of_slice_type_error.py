# ord of a 2-character str is a run-time TypeError.
# args: ['abc', 1]
# expect: 97
# args: ['abc', 2]
# raises: TypeError
def f(s: str, k: int) -> int:
    return ord(s[0:k])
