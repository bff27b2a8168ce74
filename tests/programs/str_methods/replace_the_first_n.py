# args: ['a-b-c-d']
# expect: ('ab-c-d', 'abcd', 'a-b-c-d', '_a-b-c-d', 'x_-_-b-c-')
def f(s: str) -> tuple[str, str, str, str, str]:
    return s.replace('-', '', 1), s.replace('-', '', -1), s.replace('-', '', 0), s.replace('', '_', 1), ('x' + s).replace('a', '_-_', 5)[:9]
