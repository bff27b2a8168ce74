# args: []
# expect: False
def f() -> bool:
    return 0.1 + 0.2 == 0.3
