# An entry the problem says returns None that returns a str on some runs:
# its result is Optional[str], and None passes (a union holds no None; the
# str is a wrong answer: tests/test_union_results.py).
# signature: def f(a: str, b: int) -> None
# args: ['1', 1]
# expect: None
# args: ['0', 3]
# expect: None
def f(a, b):
    if int(a) > b:
        return a
