# The entry may leave its annotations out, as models write whole programs:
# the problem's signature types it, as the tests will call it.
# signature: def count_vowels(s: str, extra: list[str]) -> int
# args: ["hello", ["y"]]
# expect: 2
# args: ["sky", ["y"]]
# expect: 1
# args: ["", []]
# expect: 0


def count_vowels(s, extra):
    n = 0
    for c in s:
        if c in "aeiou" or c in extra:
            n += 1
    return n
