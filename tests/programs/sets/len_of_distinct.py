# args: ['Jerry jERRY JeRRRY']
# expect: 5
def f(string: str) -> int:
    return len(set(string.lower()))
