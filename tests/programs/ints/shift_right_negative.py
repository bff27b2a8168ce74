# >> floors; shifting by 64 or more is well defined.
# args: [-5, 1]
# expect: -3
# args: [-1, 63]
# expect: -1
# args: [5, 100]
# expect: 0
# args: [-5, 100]
# expect: -1
# args: [1, -1]
# raises: ValueError
def f(a: int, b: int) -> int:
    return a >> b
