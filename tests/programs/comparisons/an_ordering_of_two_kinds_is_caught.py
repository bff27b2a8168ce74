# args: [2, '1']
# expect: 3
def f(a: int, b: str) -> int:
    try:
        if a > b:
            return a
    except TypeError:
        return a + len(b)
    return 0
