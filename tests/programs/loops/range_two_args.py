# args: [3, 6]
# expect: '3,4,5,'
# args: [6, 3]
# expect: ''
# args: [-2, 1]
# expect: '-2,-1,0,'
def f(a: int, b: int) -> str:
    s = ''
    for i in range(a, b):
        s += str(i) + ','
    return s
