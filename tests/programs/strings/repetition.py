# args: ['ab', 3]
# expect: 'ababab'
# args: ['ab', 0]
# expect: ''
# args: ['ab', -2]
# expect: ''
# args: ['', 5]
# expect: ''
def f(s: str, n: int) -> str:
    return s * n
