# math used without `import math`: CPython compiles the read and raises
# NameError when it runs, on the line of the name.
# args: [4.0]
# raises: NameError
def f(x: float) -> float:
    return math.sqrt(x)
