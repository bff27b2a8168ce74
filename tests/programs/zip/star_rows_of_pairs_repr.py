# args: [[[(4, 5), (7, 8)], [(10, 13), (18, 17)], [(0, 4), (10, 1)]]]
# expect: '[(4, 7, 10, 18, 0, 10), (5, 8, 13, 17, 4, 1)]'
def matrix_to_list(test_list: list[list[tuple[int, int]]]) -> str:
    temp = [ele for sub in test_list for ele in sub]
    res = list(zip(*temp))
    return str(res)
