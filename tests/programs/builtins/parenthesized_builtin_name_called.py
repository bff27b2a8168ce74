# `(int)(x)`, a C cast as models write it, calls int itself.
# args: [7.9]
# expect: 8
# args: [-2.5]
# expect: -1
def f(x: float) -> int:
    return (int)(x) + (abs)((int)(1.0))
