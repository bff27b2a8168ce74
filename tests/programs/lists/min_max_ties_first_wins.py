# Among equal keys, min and max both return the first.
# args: [['bb', 'a', 'cc', 'd']]
# expect: ('bb', 'a', 'a', 'd')
def f(words: list[str]) -> tuple[str, str, str, str]:
    return max(words, key=len), min(words, key=len), min(words), max(words)
