# A line indented deeper than its block, after a line that opens none:
# CPython's IndentationError at the indentation's last column, the VM's
# verdict (the program fails every test).
# error: IndentationError 7:8
def f(x: int) -> int:
    y = x
        z = y
    return z
