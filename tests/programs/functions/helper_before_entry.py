# entry: main
# args: [4]
# expect: 'xxxx'
def repeat(c: str, n: int) -> str:
    return c * n


def main(n: int) -> str:
    return repeat('x', n)
