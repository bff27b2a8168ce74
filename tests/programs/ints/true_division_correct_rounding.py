# int / int is the correctly rounded quotient, not float(a) / float(b).
# args: [5258986265376043509, 888601]
# expect: 5918276330294.523
# args: [1096615257545913404, 519504]
# expect: 2110888958594.9548
# args: [4154830492154097476, 495188]
# expect: 8390410292967.716
def f(a: int, b: int) -> float:
    return a / b
