# args: []
# expect: 'abcdef'
def f() -> str:
    return 'ab' "cd" 'ef'
