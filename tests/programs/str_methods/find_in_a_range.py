# args: ['abcabcab', 'ab']
# expect: [3, 6, 3, -1, -1, 3, 6, 8, -1, 3]
def f(s: str, t: str) -> list[int]:
    return [s.find(t, 1), s.find(t, 4), s.find(t, -5), s.find(t, 7), s.find(t, 1, 4),
            s.rfind(t, 0, 5), s.rfind(t, 2), s.find('', 8), s.find('', 9), s.index(t, 2, 5)]
