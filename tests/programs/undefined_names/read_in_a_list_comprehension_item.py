# A list comprehension whose item reads a name nothing defines is empty
# wherever the code after it runs.
# args: [[]]
# expect: 0
# args: [[1.5, 2.0]]
# raises: NameError
def f(lst: list[float]) -> int:
    lst2 = [int(ceil(x)) ** 2 for x in lst]
    return sum(lst2)
