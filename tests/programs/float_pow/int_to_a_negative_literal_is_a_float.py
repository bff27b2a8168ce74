# args: [2]
# expect: 0.25
# args: [10]
# expect: 0.01
# args: [-3]
# expect: 0.1111111111111111
# args: [0]
# raises: ZeroDivisionError
def f(n: int) -> float:
    return n ** -2
