# A non-ASCII str is a value the DSL cannot hold: status Unsupported.
# args: [200]
# raises: Unsupported
# args: [128]
# raises: Unsupported
# args: [97]
# expect: 'a'
def f(n: int) -> str:
    return chr(n)
