# The read inside a loop raises on the loop's first round; a loop that
# never runs never reads it.
# args: [0]
# expect: 0
# args: [3]
# raises: NameError
def f(n: int) -> int:
    count = 0
    for i in range(n):
        if is_prime(i):
            count += 1
    return count
