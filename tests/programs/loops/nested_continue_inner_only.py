# args: [3]
# expect: 'a0a2b0b2c0c2'
def f(n: int) -> str:
    r = ''
    for c in 'abc':
        for j in range(n):
            if j == 1:
                continue
            r += c + str(j)
    return r
