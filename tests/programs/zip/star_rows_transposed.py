# zip(*rows) given whole to list(): the rows' i-th items as tuples, as
# many as the shortest row has.
# args: [[["x", "y"], ["a", "b"], ["m", "n"]]]
# expect: [['x', 'a', 'm'], ['y', 'b', 'n']]
# args: [[["x", "y", "z"], ["a"]]]
# expect: [['x', 'a']]
# args: [[]]
# expect: []
def merge(lst: list[list[str]]) -> list[list[str]]:
    return [list(ele) for ele in list(zip(*lst))]
