# error: TypeError 6:18
def f(n: int) -> int:
    if isinstance(n, str):
        def g(x: int) -> int:
            return x
        return n + ['a']
    return n
