# args: ['education']
# expect: 5
# args: ['']
# expect: 0
def f(s: str) -> int:
    n = 0
    for c in s:
        if c in 'aeiou':
            n += 1
    return n
