# args: [0]
# expect: False
# args: [3]
# expect: True
# args: [20]
# expect: False
def f(n: int) -> bool:
    return n != 0 and 10 // n > 1
