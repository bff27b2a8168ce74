# args: [0]
# expect: 0
# args: [-3]
# expect: 0
# args: [5]
# expect: 10
def f(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total
