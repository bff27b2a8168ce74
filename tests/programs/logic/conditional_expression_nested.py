# args: [-5]
# expect: 'neg'
# args: [0]
# expect: 'zero'
# args: [5]
# expect: 'pos'
def f(n: int) -> str:
    return 'neg' if n < 0 else 'zero' if n == 0 else 'pos'
