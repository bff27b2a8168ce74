# A float parameter that its body gives an int holds the int, as CPython's.
# args: [2.5]
# expect: "2 0"
# args: [-1.0]
# expect: "-1.0 -1.0"
def f(x: float) -> str:
    first = x
    for _ in range(2):
        if x > 0:
            x = round(x)
            first = x
            x = x - x
    return str(first) + " " + str(x)
