# entry: f
# args: ["12"]
# expect: 3
# args: ["1x"]
# raises: Exception
def digit(c: str) -> int:
    if not c.isdigit():
        raise Exception(f"not a digit: {c}")
    return int(c)


def f(s: str) -> int:
    total = 0
    for c in s:
        total += digit(c)
    return total
