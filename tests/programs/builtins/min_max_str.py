# args: ['b', 'a', 'c']
# expect: 'ac'
# args: ['ab', 'abc', 'B']
# expect: 'Babc'
def f(a: str, b: str, c: str) -> str:
    return min(a, b, c) + max(a, b, c)
