# args: ['the quick  brown fox']
# expect: 'fox brown quick the'
def f(s: str) -> str:
    words = s.split()
    words.reverse()
    return ' '.join(words)
