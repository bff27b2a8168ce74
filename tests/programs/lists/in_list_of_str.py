# args: ['b']
# expect: True
# args: ['ab']
# expect: False
def f(s: str) -> bool:
    words = ['a', 'b', 'abc']
    return s in words and s not in ['c']
