# args: [["a", "b", "c"]]
# expect: 'A-B-C'
def shout(words: list[str]) -> str:
    loud = map(str.upper, words)
    return "-".join(loud)
