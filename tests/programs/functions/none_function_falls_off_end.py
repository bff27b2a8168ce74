# args: [3]
# expect: None
def f(n: int) -> None:
    x = n + 1
