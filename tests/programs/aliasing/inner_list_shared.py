# args: [1]
# expect: [[1, 2], [1, 2], [0]]
def f(x: int) -> list[list[int]]:
    inner = [x]
    outer = [inner, inner, [0]]
    inner.append(2)
    return outer
