# Float comparisons in an if test's `or` chain keep their NaN rule (no
# comparison with nan holds), which negating them would break.
# args: [1.5, 2.0]
# expect: 'yes'
# args: [2.5, 2.0]
# expect: 'no'
# args: [0.0, 0.0]
# expect: 'no'
def f(x: float, y: float) -> str:
    z = x * 0.0 + float('nan') if x == 0.0 else x
    if z < y or z < y - 10.0:
        return 'yes'
    return 'no'
