# Default strip removes ASCII whitespace, including \x0b \x0c and \x1c-\x1f.
# args: ['  hi \t\n']
# expect: 'hi'
# args: ['\x0b\x0chi\x1c\x1d\x1e\x1f']
# expect: 'hi'
# args: ['   ']
# expect: ''
# args: ['']
# expect: ''
# args: ['a b']
# expect: 'a b'
def f(s: str) -> str:
    return s.strip()
