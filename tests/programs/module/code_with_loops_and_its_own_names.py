# The module's code has names of its own (here xs, v, total), loops and
# prints, which write nothing the verdict reads.
# args: [4]
# expect: 8
def double(n: int) -> int:
    return 2 * n


xs = [1, 2, 3]
total = 0
for v in xs:
    total += double(v)
print(total, double(7))
assert total == 12
