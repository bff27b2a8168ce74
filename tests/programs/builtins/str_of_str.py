# args: ['abc']
# expect: 'abc'
def f(s: str) -> str:
    return str(s)
