# args: ['']
# expect: 0
# args: ['ab']
# expect: 2
def f(s: str) -> int:
    return len(s) if s else 0
