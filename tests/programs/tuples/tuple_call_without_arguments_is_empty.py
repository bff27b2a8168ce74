# args: ['Mars', 'Mars']
# expect: ()
# args: ['Mars', 'Venus']
# expect: ('Mars', 'Venus')
def f(a: str, b: str) -> tuple[()] | tuple[str, str]:
    if a == b:
        return tuple()
    return (a, b)
