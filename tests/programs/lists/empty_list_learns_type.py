# An empty list takes its item type from its first use.
# args: [4]
# expect: ['0', '1', '2', '3']
# args: [0]
# expect: []
def f(n: int) -> list[str]:
    xs = []
    for i in range(n):
        xs.append(str(i))
    return xs
