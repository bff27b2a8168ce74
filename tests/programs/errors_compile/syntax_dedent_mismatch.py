# error: SyntaxError 5
def f(x: int) -> int:
    if x:
        x = 1
      return x
    return 0
