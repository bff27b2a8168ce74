# args: [1]
# expect: 'plain|%'
def f(n: int) -> str:
    return ("plain" % ()) + ("|%%" % ())
