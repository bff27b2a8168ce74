# args: [16]
# expect: 4
# args: [17]
# expect: 4
# args: [1000000]
# expect: 1000
# args: [2]
# expect: 1
# args: [0]
# expect: 0
def f(n: int) -> int:
    return int(n ** 0.5)
