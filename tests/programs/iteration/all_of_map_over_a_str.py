# args: [12]
# expect: True
# args: [15]
# expect: True
# args: [10]
# expect: False
# args: [13]
# expect: False
def divisible_by_digits(n: int) -> bool:
    return not any(map(lambda x: int(x) == 0 or n % int(x) != 0, str(n)))
