# args: [["100", "564", "365"]]
# expect: 564
# args: [[]]
# raises: ValueError
def biggest(words: list[str]) -> int:
    numbers = map(int, words)
    return max(numbers)
