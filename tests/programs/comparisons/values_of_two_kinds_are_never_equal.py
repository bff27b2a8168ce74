# args: [3, 'a']
# expect: (False, True, False, False, False, True)
def f(n: int, s: str) -> tuple[bool, bool, bool, bool, bool, bool]:
    xs = [n]
    return (n == s, s != n, xs == (n,), {n} == {n: s}, [] == '', 2.5 != (n, s))
