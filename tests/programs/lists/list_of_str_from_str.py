# args: ['abc']
# expect: ['a', 'b', 'c']
# args: ['']
# expect: []
def f(s: str) -> list[str]:
    return list(s)
