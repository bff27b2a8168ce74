# args: [1, 10, 3]
# expect: '7,4,1,'
# args: [10, 0, -3]
# expect: '1,4,7,10,'
# args: [0, 5, 1]
# expect: '4,3,2,1,0,'
# args: [5, 0, 1]
# expect: ''
def f(a: int, b: int, c: int) -> str:
    s = ''
    for i in reversed(range(a, b, c)):
        s += str(i) + ','
    return s
