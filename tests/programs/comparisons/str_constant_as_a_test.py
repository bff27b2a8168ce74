# A str compared with a constant as an if, elif or while test (the compare
# jumps itself), in an `or` chain and in a while test run again at the
# loop's end (its comparison negated there): brackets counted.
# args: ['  (a[b)c]']
# expect: 1
# args: ['']
# expect: 0
# args: ['   ']
# expect: 3
# args: ['x)y)']
# expect: -2
def f(s: str) -> int:
    n = 0
    i = 0
    while i < len(s) and s[i] == ' ':
        i += 1
    for c in s[i:]:
        if c == '(' or c == '[':
            n += 1
        elif c != ')' and c >= 'a':
            n -= 1
        elif c < 'a' and c <= ']' and c > ' ':
            n -= 0
    return n + i
