# args: ['aaaaa']
# expect: (2, 1, 4, 0, 6, 1)
def f(s: str) -> tuple[int, int, int, int, int, int]:
    return s.count('aa', 0, 4), s.count('aa', 2, 4), s.count('', 1, 4), s.count('a', 9), s.count(''), s.count('', 5)
