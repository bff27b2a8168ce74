# Lexicographic by code point; a prefix sorts first.
# args: ['abc', 'abd']
# expect: True
# args: ['Z', 'a']
# expect: True
# args: ['ab', 'abc']
# expect: True
# args: ['', 'a']
# expect: True
# args: ['b', 'abc']
# expect: False
# args: ['abc', 'abc']
# expect: False
# args: ['10', '9']
# expect: True
def f(a: str, b: str) -> bool:
    return a < b
