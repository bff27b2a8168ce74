# args: [12, 0]
# expect: '12'
# args: [12, 1]
# raises: TypeError
def f(x: int, shift: int) -> str:
    if shift == 0:
        return str(x)
    x = x[:shift]
    return str(x)
