# args: [1]
# expect: None
# args: [-1]
# expect: None
def f(n: int) -> None:
    if n > 0:
        return
    n += 1
