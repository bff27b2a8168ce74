# args: ['1,2,3']
# expect: 6
# args: ['1,,3']
# raises: ValueError
# args: ['1,x']
# raises: ValueError
def f(s: str) -> int:
    return sum(int(p) for p in s.split(','))
