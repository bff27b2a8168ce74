# error: TypeError 3:7
def f(t: tuple[int, ...]) -> None:
    t.append(1)
