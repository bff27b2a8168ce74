# An f-string field of a list is its str; !r of a str is its repr.
# args: [[1, 2], "a"]
# expect: "[1, 2] 'a' ['a']!"
def f(xs: list[int], s: str) -> str:
    return f"{xs} {s!r} {[s]}!"
