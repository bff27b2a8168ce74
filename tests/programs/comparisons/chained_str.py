# args: ['m']
# expect: True
# args: ['M']
# expect: False
# args: ['z']
# expect: True
def f(c: str) -> bool:
    return 'a' <= c <= 'z'
