# args: ['banana', 'kiwi', 'fig']
# expect: (3, 6)
def f(a: str, b: str, c: str) -> tuple[int, int]:
    words = [a, b, c]
    return min(len(w) for w in words), max(len(w) for w in words)
