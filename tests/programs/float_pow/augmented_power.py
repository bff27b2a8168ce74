# args: [3.0]
# expect: 6561.0
# args: [1.5]
# expect: 25.62890625
def f(x: float) -> float:
    x **= 2
    x **= 2
    x **= 2
    return x
