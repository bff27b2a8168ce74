# args: [10, 0, -3]
# expect: '10,7,4,1,'
# args: [0, 10, -1]
# expect: ''
# args: [5, -6, -5]
# expect: '5,0,-5,'
# args: [0, 10, 4]
# expect: '0,4,8,'
def f(a: int, b: int, c: int) -> str:
    s = ''
    for i in range(a, b, c):
        s += str(i) + ','
    return s
