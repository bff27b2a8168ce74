# The call to pop runs before the map is drawn.
# error: Unsupported 4:9
def after(xs: list[int]) -> int:
    r = map(abs, xs)
    return xs.pop() + sum(r)
