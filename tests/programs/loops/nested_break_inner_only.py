# break leaves only the innermost loop.
# args: [4]
# expect: 10
def f(n: int) -> int:
    count = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            count += 1
    return count
