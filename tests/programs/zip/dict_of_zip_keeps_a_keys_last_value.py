# dict(zip(keys, values)) maps each key to its value; a key met again keeps
# its place and takes the later value.
# args: ["abca", "wxyz"]
# expect: {'a': 'z', 'b': 'x', 'c': 'y'}
def f(keys: str, values: str) -> dict[str, str]:
    return dict(zip(keys, values))
