# args: []
# expect: ([1], [1])
def f() -> tuple[list[int], list[int]]:
    a = b = []
    a.append(1)
    return a, b
