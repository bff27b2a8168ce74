# args: ["hello world", "o"]
# expect: 4
# args: ["hello", "z"]
# expect: -1
def find_char(s: str, c: str) -> int:
    return next((i for i, ch in enumerate(s) if ch == c), -1)
