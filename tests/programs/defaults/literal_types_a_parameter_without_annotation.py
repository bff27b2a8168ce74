# entry: f
# A default types a parameter that has no annotation; a recursion carries
# its running total in it.
# args: [5]
# expect: 15
def total(i, acc=0):
    if i == 0:
        return acc
    return total(i - 1, acc + i)


def f(n: int) -> int:
    return total(n)
