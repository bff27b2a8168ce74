# A generator's item that reads a name nothing defines raises on the first
# item; a sum of no items is 0.
# args: [[]]
# expect: 0
# args: [[1, -2]]
# raises: NameError
def f(arr: list[int]) -> int:
    return sum(abs(i) * sign(i) for i in arr)
