# 0.0 and -0.0 are false; nan is true.
# args: [0.0]
# expect: 0
# args: [-0.0]
# expect: 0
# args: [nan]
# expect: 1
# args: [1e-320]
# expect: 1
def f(x: float) -> int:
    if x:
        return 1
    return 0
