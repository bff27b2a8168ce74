# args: [4]
# expect: 'a4b{c}4\n'
def f(n: int) -> str:
    return "a" f"{n}" 'b{c}' rf"{n}" "\n"
