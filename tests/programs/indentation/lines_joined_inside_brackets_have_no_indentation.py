# Inside brackets, and after a backslash, a line's indentation is free.
# args: [2]
# expect: 9
def f(x: int) -> int:
    ys = [1,
  2,
          3]
    t = x + \
 sum(ys)
    return t + 1
