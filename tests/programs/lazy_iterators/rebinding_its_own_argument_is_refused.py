# The map reads the list that its name then rebinds.
# error: Unsupported 4:15
def biggest(numbers: list[str]) -> int:
    numbers = map(int, numbers)
    return max(numbers)
