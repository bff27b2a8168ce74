# args: [['apple', 'avocado', 'banana', 'blueberry', 'cherry']]
# expect: [['apple', 'avocado'], ['banana', 'blueberry'], ['cherry']]
def f(words: list[str]) -> list[list[str]]:
    groups: dict[str, list[str]] = {}
    for w in words:
        groups.setdefault(w[0], []).append(w)
    return [groups[k] for k in groups]
