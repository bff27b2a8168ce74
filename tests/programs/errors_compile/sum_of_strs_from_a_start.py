# error: TypeError 3
def f(words: list[str]) -> str:
    return sum(words, "")
