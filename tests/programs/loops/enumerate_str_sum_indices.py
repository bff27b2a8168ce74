# args: ['abcab']
# expect: 8
def f(s: str) -> int:
    total = 0
    for i, c in enumerate(s):
        if c != 'c':
            total += i
    return total
