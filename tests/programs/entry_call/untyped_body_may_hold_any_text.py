# A body no run reaches (an entry of another arity that nothing calls) is
# checked only as CPython compiles it: its docstring's non-ASCII text and
# its strings' escapes decode to no value the VM must hold.
# signature: def f(s: str) -> str
# args: ['abc']
# raises: TypeError
def f(s, sep):
    """Joins with «sep» — unlike str.join."""
    return sep.join(s) + '\xe9\u00e9'
