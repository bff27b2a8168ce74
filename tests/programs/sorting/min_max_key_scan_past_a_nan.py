# min(xs, key=) scans as min() does: the first item, replaced by each later
# one whose key compares less, so a nan key is never taken after the first
# and never stops a later item from being taken.
# args: [[123.456, nan, 0.5]]
# expect: ['0.5', '123.456', '0.5']
# args: [[nan, 1.0, 3.0]]
# expect: ['nan', 'nan', 'nan']
# args: [[2.0, 2.0, -1.0]]
# expect: ['-1.0', '2.0', '-1.0']
def f(xs: list[float]) -> list[str]:
    return [str(min(xs, key=lambda x: x)), str(max(xs, key=lambda x: x)), str(min(xs, key=abs))]
