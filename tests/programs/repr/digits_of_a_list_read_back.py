# Models read a list's digits back from its str.
# args: [[12, 3, 40]]
# expect: 10
def f(arr: list[int]) -> int:
    return sum(int(c) for c in str(arr) if c.isdigit())
