# args: []
# expect: 'a\nb'
def f() -> str:
    s = """a
b"""
    return s
