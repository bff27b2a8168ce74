# args: [True]
# expect: 'True'
# args: [False]
# expect: 'False'
def f(b: bool) -> str:
    return str(b)
