# args: ['']
# raises: IndexError
# args: ['z']
# expect: 'z'
def f(s: str) -> str:
    return s[-1]
