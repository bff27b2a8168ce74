# args: [[1, 2]]
# expect: '2 1|1'
def f(xs: list[int]) -> str:
    return f"{xs.pop()} {len(xs)}|{xs[0]}"
