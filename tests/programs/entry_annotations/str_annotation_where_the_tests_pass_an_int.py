# An entry that says it takes a str gets the tests' int, and str() of it
# is the int's digits.
# signature: def twice(s: int) -> str
# args: [12]
# expect: '1212'
def twice(s: str) -> str:
    return str(s) * 2
