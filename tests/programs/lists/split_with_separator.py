# With a separator, empty fields are kept.
# args: ['a,b,,c', ',']
# expect: ['a', 'b', '', 'c']
# args: ['', ',']
# expect: ['']
# args: [',a,', ',']
# expect: ['', 'a', '']
# args: ['a--b---c', '--']
# expect: ['a', 'b', '-c']
def f(s: str, sep: str) -> list[str]:
    return s.split(sep)
