# Inside f, its nested g is meant, not the module's g.
# entry: f
# args: [3]
# expect: 303
def g(x: int) -> int:
    return x + 1


def f(n: int) -> int:
    def g(x: int) -> int:
        return x * 100
    return g(n) + n
