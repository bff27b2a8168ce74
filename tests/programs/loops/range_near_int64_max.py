# The loop must stop without computing an index past int64.
# args: [9223372036854775805, 9223372036854775807, 1]
# expect: 2
# args: [9223372036854775806, 9223372036854775807, 5]
# expect: 1
# args: [0, 9223372036854775807, 4611686018427387904]
# expect: 2
# args: [-9223372036854775807, -9223372036854775808, -1]
# expect: 1
# args: [-9223372036854775800, -9223372036854775808, -4611686018427387904]
# expect: 1
def f(a: int, b: int, c: int) -> int:
    n = 0
    for i in range(a, b, c):
        n += 1
    return n
