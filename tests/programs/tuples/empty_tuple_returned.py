# args: [0]
# expect: ()
def f(n: int) -> tuple[()]:
    return ()
