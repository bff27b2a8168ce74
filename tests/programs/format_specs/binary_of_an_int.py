# args: [5]
# expect: "101"
# args: [0]
# expect: "0"
# args: [-6]
# expect: "-110"
def f(n: int) -> str:
    return format(n, 'b')
