# False < True, and max of bools is a bool.
# args: [False, True]
# expect: True
# args: [True, True]
# expect: False
def f(a: bool, b: bool) -> bool:
    return a < b and max(a, b) == True
