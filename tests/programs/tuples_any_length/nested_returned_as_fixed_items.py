# A tuple of tuples made by generators is a tuple[tuple[int, ...], ...];
# returned where fixed items are wanted, each level takes the shape its
# length gives (a length the type cannot hold: Unsupported, for CPython).
# args: [((1, 3), (4, 5), (2, 9), (1, 10)), ((6, 7), (3, 9), (1, 1), (7, 3))]
# expect: ((7, 10), (7, 14), (3, 10), (8, 13))
def add_nested_tuples(test_tup1: tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]], test_tup2: tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    res = tuple(tuple(a + b for a, b in zip(tup1, tup2))
                for tup1, tup2 in zip(test_tup1, test_tup2))
    return res
