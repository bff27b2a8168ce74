# args: ['ab']
# expect: ('ab', 2, True)
# args: ['']
# expect: ('', 0, False)
def f(s: str) -> tuple[str, int, bool]:
    return (s, len(s), len(s) > 0)
