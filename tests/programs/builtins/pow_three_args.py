# pow(a, b, m): result has the sign of m; negative b takes a modular inverse.
# args: [-3, 3, 5]
# expect: 3
# args: [2, 3, -5]
# expect: -2
# args: [3, -1, 7]
# expect: 5
# args: [2, -1, 4]
# raises: ValueError
# args: [5, 2, 0]
# raises: ValueError
# args: [2, 100, 1000000007]
# expect: 976371285
# args: [9223372036854775807, 9223372036854775807, 9223372036854775783]
# expect: 86762353606963200
# args: [7, 0, 1]
# expect: 0
# args: [-7, 0, 5]
# expect: 1
# args: [-9223372036854775808, 3, 9223372036854775807]
# expect: 9223372036854775806
def f(a: int, b: int, m: int) -> int:
    return pow(a, b, m)
