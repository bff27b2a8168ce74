# sorted() of an int item: the item is read first (its IndexError where
# there is none), then sorted raises TypeError, on every run that gets there.
# args: [[]]
# expect: []
# args: [[3, 1]]
# raises: TypeError
def f(l: list[int]) -> list[list[int]]:
    out = []
    for i in range(len(l)):
        out.append(sorted(l[i]))
    return out
