# round(x) rounds half to even and returns an int.
# args: [0.5]
# expect: 0
# args: [1.5]
# expect: 2
# args: [2.5]
# expect: 2
# args: [-2.5]
# expect: -2
# args: [-0.5]
# expect: 0
# args: [-1.5]
# expect: -2
# args: [0.49999999999999994]
# expect: 0
# args: [2.5000000000000004]
# expect: 3
# args: [4503599627370497.0]
# expect: 4503599627370497
# args: [-3.7]
# expect: -4
def f(x: float) -> int:
    return round(x)
