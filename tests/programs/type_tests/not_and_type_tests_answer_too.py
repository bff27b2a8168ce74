# args: ['ab']
# expect: 'AB!'
def f(s: str) -> str:
    if not isinstance(s, str):
        s = s + 1
    if type(s) != str:
        return s.upper(1, 2, 3)
    if type(s) == int:
        s = s * 'x' - 4
    else:
        s = s.upper()
    return s + '!'
