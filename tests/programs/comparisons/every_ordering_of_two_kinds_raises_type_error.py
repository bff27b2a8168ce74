# args: [1, 'a']
# expect: [True, True, True, True, True, True, True]
def f(n: int, s: str) -> list[bool]:
    out = []
    for k in range(7):
        try:
            if k == 0:
                r = n < s
            elif k == 1:
                r = s >= n
            elif k == 2:
                r = [n] > (n,)
            elif k == 3:
                r = {n} <= {n: s}
            elif k == 4:
                r = 2.5 > s
            elif k == 5:
                r = [s] < s
            else:
                r = True <= (s, n)
            out.append(not r and False)
        except TypeError:
            out.append(True)
    return out
