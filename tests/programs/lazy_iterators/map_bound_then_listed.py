# A map bound to a name and drawn whole by the next statement: the VM runs
# it as list(map(...)), as CPython draws it.
# args: [[1, 2, 3], [4, 5, 6]]
# expect: [-3, -3, -3]
# args: [[1, 2, 3], [4]]
# expect: [-3]
# args: [[], [4]]
# expect: []
def sub_list(nums1: list[int], nums2: list[int]) -> list[int]:
    result = map(lambda x, y: x - y, nums1, nums2)
    return list(result)
