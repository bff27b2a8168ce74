# A local that holds None so far, read inside parentheses before the store
# that tells its type: the look ahead for that store starts past the
# brackets the read is in.
# args: [[5, 4, 8, 2, 7]]
# expect: 2
# args: [[1, 3]]
# expect: -1


def f(arr: list[int]) -> int:
    best = None
    for x in arr:
        if x % 2 == 0 and (best is None or x < best):
            best = x
    return best if best is not None else -1
