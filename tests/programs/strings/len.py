# args: ['']
# expect: 0
# args: ['hello world']
# expect: 11
def f(s: str) -> int:
    return len(s)
