# args: []
# expect: ''
def f() -> str:
    return f""
