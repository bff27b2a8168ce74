# A program that defines no function of the entry's name: every test's call
# raises CPython's NameError, in the tests (no line of the program), after
# the module's code ran.
# entry: count_pairs
# signature: def count_pairs(xs: list[int], k: int) -> int
# args: [[1, 2, 3], 4]
# raises: NameError
# args: [[], 0]
# raises: NameError
def count_pair(xs, k):
    n = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            n += xs[i] + xs[j] == k
    return n


print(count_pair([1, 2], 3))
