# args: [3]
# expect: [True, True, False, True, False]
def f(n: int) -> list[bool]:
    t = ()
    u = ()
    return [t == u, len(t) == 0, bool(t), () in [(), ()], () < ()]
