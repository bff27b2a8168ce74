# A tuple holding a str hashes by the str's salted hash in CPython: such a
# set's membership and sorted keys are exact, its order is CPython's to say.
# args: [3]
# expect: [('0', 0), ('1', 1), ('2', 2)]
def f(n: int) -> list[tuple[str, int]]:
    s = {(str(i), i) for i in range(n)}
    s.add(('1', 1))
    return sorted(s) if ('2', 2) in s else []
