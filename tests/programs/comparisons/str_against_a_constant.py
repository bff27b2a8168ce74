# A str compared with a constant (the constant joins the comparison): every
# comparison, against '', a one-character and a long constant, prefixes.
# args: ['']
# expect: 35651
# args: ['a']
# expect: 31673
# args: ['abcdefghij']
# expect: 46218
# args: ['abcdefghijk']
# expect: 25002
# args: ['abcdefghi']
# expect: 23234
# args: ['b']
# expect: 25948
def f(s: str) -> int:
    r = 0
    for k in range(3):
        t = s[k:] if k < 2 else s
        r = r * 7 + (t == '') + 2 * (t != 'a') + 4 * (t < 'abcdefghij') + 8 * (t <= 'a')
        r = r * 3 + 16 * (t > 'abcdefghij') + 32 * (t >= '') + 64 * (t == 'abcdefghij') + (s[0:1] == 'b')
    return r
