# args: []
# expect: 'a\tb\\n"\'A\n\x00'
def f() -> str:
    return 'a\tb\\n"\'\x41\n\x00'
