# `or` chains as if tests whose operands are an `and`, a str's truth, a
# divisibility test and a call, each deciding in turn; elif chains too.
# args: ['', 15, 0]
# expect: 'fizz'
# args: ['x', 7, 0]
# expect: 'text'
# args: ['', 7, 2]
# expect: 'pair'
# args: ['', 7, 1]
# expect: 'none'
# args: ['', 22, 3]
# expect: 'big'
def f(s: str, n: int, k: int) -> str:
    if n % 3 == 0 or n % 5 == 0 and n > 100:
        return 'fizz'
    elif s or k == 2 and n == 7:
        return 'text' if s else 'pair'
    elif k < 0 or big(n) or n % 11 == 0:
        return 'big'
    return 'none'


def big(n: int) -> bool:
    return n > 20
