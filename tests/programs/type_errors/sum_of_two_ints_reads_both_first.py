# sum(a, b) of two ints: both arguments are evaluated (an IndexError of an
# empty list first), then sum raises TypeError: an int is not iterable.
# args: [[]]
# raises: IndexError
# args: [[2, 5]]
# raises: TypeError
def f(array: list[int]) -> bool:
    if sum(array[0], array[-1]) % 2 == 0:
        return True
    return False
