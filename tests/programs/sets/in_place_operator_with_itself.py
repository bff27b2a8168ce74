# args: [[0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98]]
# expect: ([0, 98, 35, 70, 7, 42, 77, 49, 84, 21, 56, 91, 28, 63], [], [], [0, 98, 35, 70, 7, 42, 77, 14, 49, 84, 21, 56, 91, 28, 63])
# args: [[3, 1, 2]]
# expect: ([1, 2, 3], [], [], [1, 2, 3])
# args: [[]]
# expect: ([], [], [], [])
def f(a: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    s = set(a)
    s.discard(14)
    s &= s
    t = set(a)
    t -= t
    u = set(a)
    u ^= u
    v = set(a)
    v |= v
    return list(s), list(t), list(u), list(v)
