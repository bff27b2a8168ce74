# An entry def that takes other arguments than the tests pass, and that
# nothing in the program calls, never runs: its body is not typed by its
# annotations (its returns disagree with them), only checked as CPython
# compiles it; each test's call raises TypeError.
# signature: def f(xs: list[int]) -> int
# args: [[1, 2]]
# raises: TypeError
def f(xs: list[int], k: int) -> int:
    if k:
        return "none"
    return [x * k for x in xs]
