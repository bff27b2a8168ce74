# The lambda reads n when the list draws the map, as in CPython.
# args: [[1, 2, 3], 3]
# expect: [3, 6, 9]
def ntimes_list(nums: list[int], n: int) -> list[int]:
    result = map(lambda x: n * x, nums)
    return list(result)
