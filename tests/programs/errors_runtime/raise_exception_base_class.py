# args: [3]
# expect: 6
# args: [-1]
# raises: Exception
# args: [0]
# raises: Exception
def f(n: int) -> int:
    if n < 0:
        raise Exception("negative input")
    if n == 0:
        raise Exception
    return n * 2
