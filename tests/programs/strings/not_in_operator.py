# args: ['x', 'abc']
# expect: True
# args: ['a', 'abc']
# expect: False
def f(a: str, b: str) -> bool:
    return a not in b
