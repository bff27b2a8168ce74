# args: [['apple', 'kiwi', 'fig', 'kiwi']]
# expect: ([('apple', 5), ('kiwi', 4), ('fig', 3)], [(1, 1), (2, 4), (3, 9)])
def f(words: list[str]) -> tuple[list[tuple[str, int]], list[tuple[int, int]]]:
    lengths = {w: len(w) for w in words}
    squares = {i: i * i for i in range(1, 4)}
    return list(lengths.items()), list(squares.items())
