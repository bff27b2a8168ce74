# args: ['ab', 'cd']
# expect: 'abcdab'
# args: ['', '']
# expect: ''
def f(a: str, b: str) -> str:
    return a + b + '' + a
