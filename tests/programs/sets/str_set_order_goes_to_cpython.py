# args: ['abc']
# order: str-hash
# raises: Unsupported
def f(s: str) -> list[str]:
    return list(set(s))
