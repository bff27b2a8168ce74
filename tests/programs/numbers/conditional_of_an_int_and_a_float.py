# A conditional expression of an int and a float is an int | float.
# args: [[3, 4, 5]]
# expect: 3
# args: [[3, 4]]
# expect: 1.5
def f(l: list[int]) -> int | float:
    n = len(l)
    x = l[0] if n % 2 else l[0] / 2
    return x
