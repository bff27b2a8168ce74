# args: ['012', 0]
# raises: ValueError
# args: ['2', 2]
# raises: ValueError
# args: ['0x', 16]
# raises: ValueError
# args: ['12', 1]
# raises: ValueError
# args: ['12', 37]
# raises: ValueError
# args: ['1__0', 10]
# raises: ValueError
# args: ['8000000000000000', 16]
# raises: OverflowError
def f(s: str, base: int) -> int:
    return int(s, base)
