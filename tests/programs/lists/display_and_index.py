# args: [0]
# expect: 10
# args: [2]
# expect: 30
# args: [-1]
# expect: 30
# args: [-3]
# expect: 10
def f(i: int) -> int:
    xs = [10, 20, 30,]
    return xs[i]
