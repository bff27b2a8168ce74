# One name through three types, each store at the top level.
# args: [255]
# expect: ("12", 3)
# args: [0]
# expect: ("0", 1)


def f(n: int) -> tuple[str, int]:
    digits = n
    digits = str(digits)
    count = len(digits)
    digits = [int(c) for c in digits]
    return str(sum(digits)), count
