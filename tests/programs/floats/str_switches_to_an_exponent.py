# str() of a float is fixed notation from 1e-4 up to below 1e16, else an
# exponent of at least two digits; a whole number keeps its '.0'.
# args: [1e16]
# expect: '1e+16|1e+16'
# args: [9999999999999998.0]
# expect: '9999999999999998.0|9999999999999998.0'
# args: [0.0001]
# expect: '0.0001|0.0001'
# args: [1e-05]
# expect: '1e-05|1e-05'
# args: [-1.5e-07]
# expect: '-1.5e-07|-1.5e-07'
# args: [1e+100]
# expect: '1e+100|1e+100'
# args: [123456789012345680000.0]
# expect: '1.2345678901234568e+20|1.2345678901234568e+20'
def f(x: float) -> str:
    s = str(x)
    return s + "|" + str(float(s))
