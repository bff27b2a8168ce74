# On ASCII strs, isnumeric() and isdecimal() are isdigit(): no digit, or
# anything else, gives False.
# args: [["", "12", "1a", " 1", "007"]]
# expect: [False, True, False, False, True, False, True, False, False, True]
def f(words: list[str]) -> list[bool]:
    return [w.isnumeric() for w in words] + [w.isdecimal() for w in words]
