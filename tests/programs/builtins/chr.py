# args: [65]
# expect: 'A'
# args: [0]
# expect: '\x00'
# args: [127]
# expect: '\x7f'
# args: [-1]
# raises: ValueError
# args: [1114112]
# raises: ValueError
def f(n: int) -> str:
    return chr(n)
