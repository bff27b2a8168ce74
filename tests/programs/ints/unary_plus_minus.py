# args: [4]
# expect: 4
# args: [-4]
# expect: -4
def f(a: int) -> int:
    return - -a + +a - +(-(-a))
