# most_common sorts by count, most first; equal counts keep the order
# their keys went in (CPython's sort is stable).
# args: [["red", "green", "black", "pink", "black", "white", "black", "eyes", "white", "black", "orange", "pink", "pink", "red", "red", "white", "orange", "white", "black", "pink", "green", "green", "pink", "green", "pink", "white", "orange", "orange", "red"]]
# expect: [('pink', 6), ('black', 5), ('white', 5), ('red', 4)]
# args: [[]]
# expect: []
from collections import Counter


def count_common(words: list[str]) -> list[tuple[str, int]]:
    word_counts = Counter(words)
    top_four = word_counts.most_common(4)
    return top_four
