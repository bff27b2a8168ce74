# args: [2, 10]
# expect: 1024
# args: [-3, 3]
# expect: -27
# args: [2, 63]
# raises: OverflowError
# args: [0, 0]
# expect: 1
def f(a: int, b: int) -> int:
    return pow(a, b)
