# args: ['a1b2-c']
# expect: ['A', 'B', 'C']
def f(s: str) -> list[str]:
    return [c.upper() for c in s if c.isalpha()]
