# Looking up a list's append on a local list acts on nothing: the helper
# the model never wrote is the statement's first act.
# args: [0]
# expect: []
# args: [3]
# raises: NameError
def squares(n: int) -> list[int]:
    out = []
    for i in range(n):
        out.append(square(i))
    return out
