# args: ['ab', 'a', 'b']
# expect: True
# args: ['ab', 'b', 'a']
# expect: False
def f(s: str, a: str, b: str) -> bool:
    return s == a + b and not s != a + b
