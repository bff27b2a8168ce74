# Only the chosen branch is evaluated.
# args: [0]
# expect: -1
# args: [3]
# expect: 3
def f(n: int) -> int:
    return 10 // n if n != 0 else -1
