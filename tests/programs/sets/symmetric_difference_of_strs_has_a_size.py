# args: ['hello', 'world']
# expect: (5, ['d', 'e', 'h', 'r', 'w'])
# args: ['', 'aa']
# expect: (1, ['a'])
def f(a: str, b: str) -> tuple[int, list[str]]:
    return len(set(a) ^ set(b)), sorted(set(a) ^ set(b))
