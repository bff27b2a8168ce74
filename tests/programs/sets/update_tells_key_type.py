# args: [['ab', 'bc', 'cd']]
# expect: ['a', 'b', 'c', 'd']
def f(words: list[str]) -> list[str]:
    letters = set()
    for w in words:
        letters.update(w)
    return sorted(letters)
