def shift_char(c: str, k: int) -> str:
    if c.islower():
        return chr(ord('a') + (ord(c) - ord('a') + k) % 26)
    return c


def caesar(s: str, k: int) -> str:
    result = ""
    for ch in s:
        result += shift_char(ch, k)
    return result
