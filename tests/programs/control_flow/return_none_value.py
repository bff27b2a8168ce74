# args: []
# expect: None
def f() -> None:
    return None
