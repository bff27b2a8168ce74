# A new list of ints that is later given floats holds both, each item its
# class; so does one returned new where a list of int | float is wanted.
# args: [0]
# expect: [1]
# args: [3]
# expect: [1, 3, 2.0, 8.0]
# args: [4]
# expect: [1, 3, 2.0, 8.0, 3.0]
def f(n: int) -> list[int | float]:
    if n == 0:
        return [1]
    seq = [1, 3]
    for i in range(2, n + 1):
        if i % 2 == 0:
            seq.append(i / 2 + 1)
        else:
            seq.append(seq[i - 1] + seq[i - 2] + (i + 3) / 2)
    return seq
