# args: [5, 6]
# expect: "000101"
# args: [-5, 4]
# expect: "-101"
def f(n: int, width: int) -> str:
    return format(n, '0' + str(width) + 'b')
