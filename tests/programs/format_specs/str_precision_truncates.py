# args: ["hello"]
# expect: "he   |hel"
def f(s: str) -> str:
    return f"{s:5.2}|" + format(s, '.3')
