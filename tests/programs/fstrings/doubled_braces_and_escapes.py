# args: [7]
# expect: '{7}\t}{\\7'
def f(n: int) -> str:
    return f"{{{n}}}\t}}{{\{n}"
