# A nested def may call itself.
# args: [10]
# expect: 55
def f(n: int) -> int:
    def fib(k: int) -> int:
        if k < 2:
            return k
        return fib(k - 1) + fib(k - 2)
    return fib(n)
