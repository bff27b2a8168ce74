# del d[k] removes the key (the others keep their order); a missing key
# raises KeyError.
# args: [["a", "b", "c"], "b"]
# expect: ["a", "c"]
# args: [["a"], "z"]
# raises: KeyError
def f(keys: list[str], k: str) -> list[str]:
    d = {key: len(key) for key in keys}
    del d[k]
    d[k + k] = 0
    del d[k + k]
    return list(d)
