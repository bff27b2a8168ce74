# `import math` may come after the function that uses it.
# args: [9.0]
# expect: 3.0
def f(x: float) -> float:
    return math.sqrt(x)


import math
