# args: ['hello', 'xy']
# expect: 14
def f(a: str, b: str) -> int:
    return len(a + b) + len(a[1:]) + len(b * 0) + len('') + len(a[::-2])
