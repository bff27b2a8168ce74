# args: ["a"]
# raises: NameError
def f(s: str) -> list[str]:
    return re.findall('a', s)
