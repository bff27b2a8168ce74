def is_palindrome(s: str) -> bool:
    # Compare characters from both ends, ignoring case.
    i = 0
    j = len(s) - 1
    while i < j:
        if s[i].lower() != s[j].lower():
            return False
        i += 1
        j -= 1
    return True
