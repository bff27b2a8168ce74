# Replacing '' inserts the new text between every character and at both ends.
# args: ['abc', '-']
# expect: '-a-b-c-'
# args: ['', '-']
# expect: '-'
# args: ['ab', '']
# expect: 'ab'
def f(s: str, new: str) -> str:
    return s.replace('', new)
