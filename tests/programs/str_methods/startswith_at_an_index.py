# args: ['hello world']
# expect: (True, False, True, True, False, True, True)
def f(s: str) -> tuple[bool, bool, bool, bool, bool, bool, bool]:
    return (s.startswith('world', 6), s.startswith('world', 6, 9), s.endswith('lo', 0, 5),
            s.startswith('', 11), s.startswith('', 12), s.endswith('d', -1), s.endswith('o', 2, -6))
