# args: ['abc', 'abc']
# expect: 'le ge eq'
# args: ['abc', 'ab']
# expect: 'gt ge ne'
def f(a: str, b: str) -> str:
    r = ''
    if a < b:
        r += 'lt '
    if a <= b:
        r += 'le '
    if a > b:
        r += 'gt '
    if a >= b:
        r += 'ge '
    if a == b:
        r += 'eq'
    if a != b:
        r += 'ne'
    return r
