# args: [0]
# expect: False
# args: [5]
# expect: 5
def f(n: int) -> bool | int:
    if n == 0:
        return False
    return n
