# args: [1]
# expect: 1
def f(n: int) -> int:
    noop()
    return n


def noop() -> None:
    """Does nothing."""
