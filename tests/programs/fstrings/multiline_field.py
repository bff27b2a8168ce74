# args: [2, 3]
# expect: '5 and 6'
def f(a: int, b: int) -> str:
    return f"""{a +
b} and {
a * b
}"""
