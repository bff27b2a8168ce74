# The lambda pops only until any() has its answer.
# args: [4]
# expect: 2
# args: [0]
# expect: 3
def f(n: int) -> int:
    v = [1, 2, 3]
    t = any(map(lambda p: v.pop() > 0, range(n)))
    return len(v)
