# args: [12]
# expect: 26
# args: [1]
# expect: -1
def f(n: int) -> int:
    for i in range(2, n):
        for j in range(2, n):
            if i * j == n:
                return i * 10 + j
    return -1
