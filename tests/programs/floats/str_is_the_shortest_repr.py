# args: [0.1]
# expect: '0.1'
# args: [0.30000000000000004]
# expect: '0.30000000000000004'
# args: [2.5]
# expect: '2.5'
# args: [100.0]
# expect: '100.0'
# args: [-0.0]
# expect: '-0.0'
# args: [5e-324]
# expect: '5e-324'
# args: [1.7976931348623157e+308]
# expect: '1.7976931348623157e+308'
# args: [7.854549544476363e-90]
# expect: '7.854549544476363e-90'
# args: [2.9802322387695312e-08]
# expect: '2.9802322387695312e-08'
# args: [inf]
# expect: 'inf'
# args: [-inf]
# expect: '-inf'
# args: [nan]
# expect: 'nan'
def f(x: float) -> str:
    return str(x)
