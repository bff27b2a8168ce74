# args: ['', 'abc']
# expect: True
# args: ['bc', 'abc']
# expect: True
# args: ['ac', 'abc']
# expect: False
# args: ['abc', 'ab']
# expect: False
# args: ['', '']
# expect: True
def f(a: str, b: str) -> bool:
    return a in b
