# Strings sort by character code: uppercase before lowercase, a prefix first.
# args: [['banana', 'Apple', 'apple', 'app', 'B', '']]
# expect: ['', 'Apple', 'B', 'app', 'apple', 'banana']
def f(xs: list[str]) -> list[str]:
    return sorted(xs)
