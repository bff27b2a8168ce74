# args: [37]
# expect: 37
# args: [0]
# expect: 0
def f(n: int) -> int:
    return int(bin(n)[2:], 2)
