# args: [['banana', 'Apple', 'cherry', 'apple']]
# expect: ['Apple', 'apple', 'banana', 'cherry']
def f(xs: list[str]) -> list[str]:
    return sorted(xs, key=str.lower)
