# max and min of two strs where the second was just padded: the comparison
# runs right after rjust, and picks by its own instruction
# args: [-12]
# expect: ('-12', '**x')
# args: [3]
# expect: ('3', '**x')
def f(b: int) -> tuple[str, str]:
    return max(str(b), 'x'.rjust(b % 15, '*')), min(str(b), 'x'.rjust(b % 15, '*'))
