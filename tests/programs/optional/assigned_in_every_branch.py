# args: [[1, 3, 2, 5]]
# expect: [1, 3, 3, 5]
# args: [[]]
# expect: []
def f(numbers: list[int]) -> list[int]:
    running_max = None
    result = []
    for n in numbers:
        if running_max is None:
            running_max = n
        else:
            running_max = max(running_max, n)
        result.append(running_max)
    return result
