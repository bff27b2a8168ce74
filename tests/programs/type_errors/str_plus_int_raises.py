# A str plus an int is CPython's TypeError wherever it runs: a test whose
# path misses it still passes.
# args: ["ab", 1]
# raises: TypeError
# args: ["", 1]
# expect: ""
def f(s: str, n: int) -> str:
    if not s:
        return s
    return s + n
