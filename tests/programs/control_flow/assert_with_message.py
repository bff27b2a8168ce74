# args: ['x']
# expect: 'x'
# args: ['']
# raises: AssertionError
def f(s: str) -> str:
    assert s, 'empty string'
    return s
