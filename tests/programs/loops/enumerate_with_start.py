# enumerate(s, start) counts from start.
# args: ["abc", 5]
# expect: 18
# args: ["", 5]
# expect: 0
# args: ["ab", -1]
# expect: -1
def f(s: str, k: int) -> int:
    t = 0
    for i, c in enumerate(s, k):
        t += i
    return t
