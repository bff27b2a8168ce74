# args: ['x', 'y']
# expect: 'yx'
def f(a: str, b: str) -> str:
    a, b = b, a
    return a + b
