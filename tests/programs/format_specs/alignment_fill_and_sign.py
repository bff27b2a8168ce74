# args: [42, "ab"]
# expect: "[  +42|*ab**|   ab]"
# args: [-7, "xyz"]
# expect: "[   -7|*xyz*|  xyz]"
def f(n: int, s: str) -> str:
    return f"[{n:+5}|{s:*^5}|{s:>5}]"
