# args: []
# expect: 1015.5
def f() -> float:
    return 1e3 + .5 + 5. + 1_0.0 + 0e0 + 1E-1 - 0.1
