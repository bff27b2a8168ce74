# print() is for the eye, not the result: its arguments are evaluated in
# order (their effects and errors count) and it gives None.
# args: [[1, 2, 3], 2]
# expect: 2
# args: [[5], 0]
# raises: ZeroDivisionError
def f(xs: list[int], n: int) -> int:
    print("start", xs, n)
    print()
    print(xs.pop(), sep=", ", end="")
    if n > 0:
        print(10 // n, flush=True)
    else:
        print("n is", n, 1 // n)
    return len(xs)
