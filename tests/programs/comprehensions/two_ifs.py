# Several `if` clauses must all hold.
# args: [20]
# expect: [0, 6, 12, 18]
def f(n: int) -> list[int]:
    return [i for i in range(n) if i % 2 == 0 if i % 3 == 0]
