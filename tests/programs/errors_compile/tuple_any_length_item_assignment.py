# error: TypeError 3:5
def f(t: tuple[int, ...]) -> None:
    t[0] = 1
