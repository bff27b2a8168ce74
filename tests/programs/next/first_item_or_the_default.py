# args: [[3, 5, 8, 7]]
# expect: (8, 3)
# args: [[1, 3]]
# expect: (-1, 1)
# args: [[]]
# expect: (-1, -1)
def firsts(xs: list[int]) -> tuple[int, int]:
    even = next((x for x in xs if x % 2 == 0), -1)
    odd = next((x for x in xs if x % 2 != 0), -1)
    return even, odd
