# args: ['abc', 'b']
# expect: 'b'
# args: ['abc', 'z']
# expect: None
def f(s: str, c: str) -> str | None:
    found: str | None = None
    for ch in s:
        if ch == c:
            found = ch
    return found
