# The model forgot to define `vowels`: each character is read, then the
# name raises; an empty string never reaches it.
# args: ['']
# expect: 0
# args: ['abc']
# raises: NameError
def count_vowels(s: str) -> int:
    n = 0
    for c in s:
        if c in vowels:
            n += 1
    return n
