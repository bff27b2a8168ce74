# A misspelled builtin is a name nothing defines.
# args: ['abc']
# raises: NameError
def f(s: str) -> int:
    return lenn(s)
