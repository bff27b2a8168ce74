# args: ['123']
# expect: 6
# args: ['12a']
# raises: ValueError
def f(s: str) -> int:
    total = 0
    for c in s:
        total += int(c)
    return total
