# args: [[1, 4, 3, 34, 653, 2, 5], [5, 7, 1, 5, 9, 653, 121]]
# expect: [1, 5, 653]
def f(l1: list[int], l2: list[int]) -> list[int]:
    return sorted(list(set(l1) & set(l2)))
