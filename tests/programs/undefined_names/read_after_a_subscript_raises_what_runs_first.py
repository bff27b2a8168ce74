# A read of a name nothing defines after other acts: the subscript runs
# first (IndexError of an empty str), then the read raises NameError.
# args: ['']
# raises: IndexError
# args: ['a']
# raises: NameError
def f(txt: str) -> bool:
    if txt[-1] in string.ascii_letters:
        return True
    return False
