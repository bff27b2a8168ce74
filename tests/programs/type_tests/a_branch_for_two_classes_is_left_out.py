# A branch that a type(a) == type(b) rules out is never typed: max(a, b)
# of an int and a str would not type, and never runs.
# args: [3, '2']
# expect: '3'
# args: [1, '7']
# expect: '7'
def f(a: int, b: str) -> str:
    if type(a) == type(b):
        return str(max(a, b))
    if int(b) > a:
        return b
    return str(a)
