# args: ['Hal']
# expect: 'Ibm'
def f(s: str) -> str:
    r = ''
    for c in s:
        r += chr(ord(c) + 1)
    return r
