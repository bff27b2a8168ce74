# args: ['Earth', 'Earth']
# expect: ()
# args: ['Venus', 'Mars']
# expect: ('Venus', 'Mars')
def f(a: str, b: str) -> tuple[()] | tuple[str, str]:
    if a == b:
        return ()
    return (a, b)
