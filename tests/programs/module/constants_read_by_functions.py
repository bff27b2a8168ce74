# args: ['hello']
# expect: 5.0
# args: ['xyz']
# expect: 0.0
VOWELS = "aeiou" 'AEIOU'
LIMIT = -3
FLAG = True


def f(s: str) -> float:
    n = sum(c in VOWELS for c in s)
    if FLAG and n > LIMIT and n > 0:
        return n * SCALE
    return 0.0


SCALE = 2.5
