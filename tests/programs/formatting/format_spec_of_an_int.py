# args: [5]
# expect: "00000101|5"
def f(n: int) -> str:
    return '{:08b}'.format(n) + '|' + '{}'.format(n)
