# !r of a str field is its repr, quoted; !a the same for ASCII.
# args: ["it's"]
# expect: "\"it's\" 'x'"
def f(s: str) -> str:
    return f"{s!r} {'x'!a}"
