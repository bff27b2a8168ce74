# Ten additions of 0.1 do not give exactly 1.0.
# args: [10]
# expect: 0.9999999999999999
def f(n: int) -> float:
    x = 0.0
    for i in range(n):
        x += 0.1
    return x
