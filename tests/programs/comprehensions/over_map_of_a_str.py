# A generator over map(int, s): the digits, one at a time.
# args: ["1234"]
# expect: 4
def f(s: str) -> int:
    return sum(d for d in map(int, s) if d % 2)
