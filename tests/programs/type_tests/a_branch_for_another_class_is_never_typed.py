# args: [3, 2.5]
# expect: 3
# args: [1, 2.5]
# expect: 2.5
def f(a: int, b: float) -> int | float:
    if isinstance(a, str):
        a = float(a.replace(',', '.'))
    if isinstance(b, str):
        b = float(b.replace(',', '.'))
    return a if a > b else b
