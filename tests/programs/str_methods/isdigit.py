# args: ['123']
# expect: True
# args: ['']
# expect: False
# args: ['12a']
# expect: False
# args: ['-1']
# expect: False
# args: [' 1']
# expect: False
def f(s: str) -> bool:
    return s.isdigit()
