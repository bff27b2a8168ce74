# args: [[1], 9223372036854775807]
# raises: OverflowError
# args: [[-1], 9223372036854775807]
# expect: 9223372036854775806
def f(ns: list[int], start: int) -> int:
    return sum(ns, start)
