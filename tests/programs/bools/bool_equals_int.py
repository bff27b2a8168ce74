# args: [1]
# expect: True
# args: [2]
# expect: False
# args: [0]
# expect: False
def f(x: int) -> bool:
    return x == True
