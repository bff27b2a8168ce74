# args: [1, 5]
# expect: '0b11'
# args: [7, 5]
# expect: -1
def f(n: int, m: int) -> int | str:
    if m < n:
        return -1
    return bin(round((n + m) / 2))
