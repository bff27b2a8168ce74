# After the header of a statement the VM does not parse (here `with`),
# where CPython might find an error first, an error of indentation is a
# SyntaxError here: the CPython path judges the program.
# error: SyntaxError 7:5
def f(x: int) -> int:
    with open("f") as h:
    return x
