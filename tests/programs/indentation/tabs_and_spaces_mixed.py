# A block whose depth depends on how wide a tab is: CPython's TabError, at
# column 1 of the line.
# error: TabError 7:1
def f(x: int) -> int:
    if x:
        x = 1
	return x
