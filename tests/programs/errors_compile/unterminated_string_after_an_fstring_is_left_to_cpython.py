# After an f-string (whose quotes and lines CPython 3.12 reads otherwise)
# an unterminated string is not the VM's verdict: the CPython path judges
# the program.
# error: SyntaxError 7:9
def f(x: int) -> str:
    s = f'{x}'
    t = 'abc
    return s
