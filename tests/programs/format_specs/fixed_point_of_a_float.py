# args: [2.675, 1234567.891]
# expect: "2.67|1,234,567.9|   +2.7| 267.50%"
# args: [-0.001, 0.5]
# expect: "-0.00|0.5|   -0.0|  -0.10%"
def f(x: float, y: float) -> str:
    return f"{x:.2f}|" + format(y, ',.1f') + "|{:+7.1f}|".format(x) + f"{x:8.2%}"
